// Source columns a utility chose as risk factors at import are shown by name (issue 14). Issue 38: `soil_corrosivity`
// and `static_pressure_kpa` then reached the reports, the details pane and the model card raw — a key, in kPa for a
// US user. A column that names a factor the product knows reads as that factor in the user's language, without
// the unit its key carries; any other column reads as its words ("Main class" for `main_class`), never as a key.
import { inLanguages as n, LANGUAGES, type Language, type LanguageNames as Names } from './locale.ts';

/** Patterns on the column's key (lower case, separators as '_'), first match wins. */
// prettier-ignore
const KNOWN: readonly [RegExp, Names][] = [
  [/soil_?corros/, n('Soil corrosivity', '土壌腐食性', 'Bodenkorrosivität', 'Corrosività del terreno', 'Corrosivité du sol', 'Corrosividad del suelo')],
  [/^soil(_?type|_?class)?$/, n('Soil type', '土質', 'Bodenart', 'Tipo di terreno', 'Type de sol', 'Tipo de suelo')],
  [/pressure_?zone/, n('Pressure zone', '水圧区域', 'Druckzone', 'Zona di pressione', 'Zone de pression', 'Zona de presión')],
  [/(static|operating|working)?_?pressure/, n('Operating pressure', '水圧', 'Betriebsdruck', 'Pressione di esercizio', 'Pression de service', 'Presión de servicio')],
  [/^(pipe_?|pressure_?)?class$/, n('Pipe pressure class', '管の圧力クラス', 'Druckklasse des Rohrs', 'Classe di pressione della condotta', 'Classe de pression de la conduite', 'Clase de presión de la tubería')],
  [/road|street_?type|traffic/, n('Road type', '道路種別', 'Straßenart', 'Tipo di strada', 'Type de voirie', 'Tipo de vía')],
  [/groundwater|water_?table/, n('Groundwater level', '地下水位', 'Grundwasserstand', 'Livello della falda', 'Niveau de la nappe', 'Nivel freático')],
  [/lining|liner/, n('Lining', 'ライニング', 'Auskleidung', 'Rivestimento interno', 'Revêtement intérieur', 'Revestimiento interior')],
  [/coating/, n('Coating', '外面塗装', 'Umhüllung', 'Rivestimento esterno', 'Revêtement extérieur', 'Revestimiento exterior')],
  [/depth|cover/, n('Depth of cover', '土被り', 'Überdeckung', 'Profondità di posa', 'Profondeur de recouvrement', 'Profundidad de recubrimiento')],
];

/** Units a key may end with: not part of the label (the value is shown in the user's units where it is shown). */
const UNIT_SUFFIX = /_(kpa|psi|bar|m|ft|mm|in|km|mi|pct|percent)$/;

const keyOf = (column: string) =>
  column
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();

/** A source column's name as a person reads it, in `language`. */
export function columnLabel(column: string, language: Language = 'en'): string {
  const lang = LANGUAGES.includes(language) ? language : 'en';
  const key = keyOf(column);
  const known = KNOWN.find(([pattern]) => pattern.test(key));
  if (known) return known[1][lang];
  const words = key.replace(UNIT_SUFFIX, '').replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : column;
}

// Risk driver codes 1–28 (spec §9: "Risk driver codes 1 to 28; top five risk drivers are shown per pipe"),
// each named in the six product languages. Material drivers are per material (2–12 = material code + 2),
// so a cast-iron pipe whose material raises its risk reports "Material: cast iron". Here in the domain so
// the web app can name the codes the engine (lof/drivers.ts) assigns.
import { columnLabel } from './column-labels.ts';
import { inLanguages as n, LANGUAGES, type Language, type LanguageNames } from './locale.ts';

export type RiskDriverNames = LanguageNames;

// prettier-ignore
export const RISK_DRIVERS: Readonly<Record<number, RiskDriverNames>> = {
  1: n('Pipe age', '管齢', 'Rohralter', 'Età della condotta', 'Âge de la conduite', 'Edad de la tubería'),
  2: n('Material: cast iron', '管種：鋳鉄管', 'Werkstoff: Grauguss', 'Materiale: ghisa grigia', 'Matériau : fonte grise', 'Material: hierro fundido'),
  3: n('Material: steel', '管種：鋼管', 'Werkstoff: Stahl', 'Materiale: acciaio', 'Matériau : acier', 'Material: acero'),
  4: n('Material: ductile iron', '管種：ダクタイル鋳鉄管', 'Werkstoff: duktiles Gusseisen', 'Materiale: ghisa sferoidale', 'Matériau : fonte ductile', 'Material: hierro dúctil'),
  5: n('Material: asbestos cement', '管種：石綿セメント管', 'Werkstoff: Asbestzement', 'Materiale: cemento amianto', 'Matériau : amiante-ciment', 'Material: fibrocemento'),
  6: n('Material: plastic', '管種：樹脂管', 'Werkstoff: Kunststoff', 'Materiale: plastica', 'Matériau : plastique', 'Material: plástico'),
  7: n('Material: concrete', '管種：コンクリート管', 'Werkstoff: Beton', 'Materiale: calcestruzzo', 'Matériau : béton', 'Material: hormigón'),
  8: n('Material unknown', '管種不明', 'Werkstoff unbekannt', 'Materiale sconosciuto', 'Matériau inconnu', 'Material desconocido'),
  9: n('Other material', 'その他の管種', 'Sonstiger Werkstoff', 'Altro materiale', 'Autre matériau', 'Otro material'),
  10: n('Material: PVC', '管種：塩化ビニル管', 'Werkstoff: PVC', 'Materiale: PVC', 'Matériau : PVC', 'Material: PVC'),
  11: n('Material: PE/HDPE', '管種：ポリエチレン管', 'Werkstoff: PE/HDPE', 'Materiale: PE/HDPE', 'Matériau : PE/PEHD', 'Material: PE/PEAD'),
  12: n('Material: prestressed concrete', '管種：プレストレストコンクリート管', 'Werkstoff: Spannbeton', 'Materiale: calcestruzzo precompresso', 'Matériau : béton précontraint', 'Material: hormigón pretensado'),
  13: n('Diameter', '口径', 'Durchmesser', 'Diametro', 'Diamètre', 'Diámetro'),
  14: n('Pipe length', '管路延長', 'Rohrlänge', 'Lunghezza della condotta', 'Longueur de la conduite', 'Longitud de la tubería'),
  15: n('Previous breaks', '過去の破損件数', 'Frühere Brüche', 'Rotture precedenti', 'Casses antérieures', 'Roturas anteriores'),
  16: n('Time since last break', '前回破損からの経過年数', 'Zeit seit dem letzten Bruch', "Tempo dall'ultima rottura", 'Temps depuis la dernière casse', 'Tiempo desde la última rotura'),
  17: n('Breaks in the last 5 years', '直近5年間の破損件数', 'Brüche der letzten 5 Jahre', 'Rotture negli ultimi 5 anni', 'Casses des 5 dernières années', 'Roturas en los últimos 5 años'),
  18: n('Installation period', '布設年代', 'Verlegezeitraum', 'Epoca di posa', 'Période de pose', 'Época de instalación'),
  19: n('Install year unknown', '布設年度不明', 'Verlegejahr unbekannt', 'Anno di posa sconosciuto', 'Année de pose inconnue', 'Año de instalación desconocido'),
  20: n('Diameter unknown', '口径不明', 'Durchmesser unbekannt', 'Diametro sconosciuto', 'Diamètre inconnu', 'Diámetro desconocido'),
  21: n('Soil type', '土質', 'Bodenart', 'Tipo di terreno', 'Type de sol', 'Tipo de suelo'),
  22: n('Soil corrosivity', '土壌腐食性', 'Bodenkorrosivität', 'Corrosività del terreno', 'Corrosivité du sol', 'Corrosividad del suelo'),
  23: n('Pressure zone', '水圧区域', 'Druckzone', 'Zona di pressione', 'Zone de pression', 'Zona de presión'),
  24: n('Operating pressure', '水圧', 'Betriebsdruck', 'Pressione di esercizio', 'Pression de service', 'Presión de servicio'),
  25: n('Road type', '道路種別', 'Straßenart', 'Tipo di strada', 'Type de voirie', 'Tipo de vía'),
  26: n('Groundwater level', '地下水位', 'Grundwasserstand', 'Livello della falda', 'Niveau de la nappe', 'Nivel freático'),
  27: n('Other attribute (value)', 'その他の属性（数値）', 'Sonstiges Merkmal (Wert)', 'Altro attributo (valore)', 'Autre attribut (valeur)', 'Otro atributo (valor)'),
  28: n('Other attribute (category)', 'その他の属性（区分）', 'Sonstiges Merkmal (Kategorie)', 'Altro attributo (categoria)', 'Autre attribut (catégorie)', 'Otro atributo (categoría)'),
};

export const RISK_DRIVER_CODES: readonly number[] = Object.keys(RISK_DRIVERS).map(Number);

/**
 * Pipe length (14) is exposure, not a cause (issue 38): the engine names it no pipe's driver, and results stored
 * before that are read without it (withoutExposure).
 */
export const EXPOSURE_DRIVER_CODES: readonly number[] = [14];
export const withoutExposure = (codes: readonly number[]): number[] =>
  codes.filter((c) => !EXPOSURE_DRIVER_CODES.includes(c));

/** Name of a driver code in a language; undefined for an unknown code. */
/**
 * Codes from here up name a source column the utility chose as a risk factor at import (the analysis' LOF card
 * lists them as `columnDrivers`): the driver is shown by the column's own name, not as "Other attribute" (issue 14).
 */
export const COLUMN_DRIVER_BASE = 100;

/** Column drivers of an analysis: code → the source column's name. */
export type ColumnDriverNames = Readonly<Record<number, string>>;

export function riskDriverName(
  code: number,
  language: Language = 'en',
  columns?: ColumnDriverNames,
): string | undefined {
  const known = LANGUAGES.includes(language) ? language : 'en';
  if (code >= COLUMN_DRIVER_BASE) {
    const column = columns?.[code];
    return column ? columnLabel(column, known) : RISK_DRIVERS[28]![known];
  }
  return RISK_DRIVERS[code]?.[known];
}

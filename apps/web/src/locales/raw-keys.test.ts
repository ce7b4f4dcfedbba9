// Issue 38: `soil_corrosivity`, `static_pressure_kpa` and `cof_scenario` reached the reports, the details pane, the
// model card and the run list raw, in all six languages. This walks every code and name the engine and the server
// can emit — risk drivers, the model's features (its own and the columns a utility may choose), the reasons and
// stages of a run — in every language, and fails on anything that reads as a key.
import {
  ANALYSIS_REASONS,
  ANALYSIS_STAGES,
  COLUMN_DRIVER_BASE,
  LANGUAGES,
  LOF_ATTRIBUTE_PREFIX,
  LOF_BASE_FEATURES,
  RISK_DRIVER_CODES,
  riskDriverName,
} from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { featureLabel } from '../features/analysis/model-card.ts';
import { i18n } from '../lib/i18n.ts';

/** snake_case, camelCase, a dotted key, a prefixed key or a unit suffix such as _kpa: what a person never reads. */
const RAW = /^[a-z]+([_.:][a-z0-9]+)+$|^[a-z]+[A-Z]\w*$|_(kpa|psi|mm)\b/;
/** Columns a utility chooses as risk factors: those of the demo town and of the public networks in ../shared/data. */
const COLUMNS = [
  'static_pressure_kpa',
  'soil_corrosivity',
  'pipe_class',
  'SOIL_TYPE',
  'pressureZone',
  'road_type',
  'groundwater_depth_m',
  'lining',
  'main_class',
];

describe.each([...LANGUAGES])('%s reads no raw key', (language) => {
  it('in any risk driver the engine assigns, a chosen column included', () => {
    const columns = Object.fromEntries(COLUMNS.map((c, i) => [COLUMN_DRIVER_BASE + i, c]));
    const codes = [...RISK_DRIVER_CODES, ...Object.keys(columns).map(Number)];
    for (const code of codes) {
      const name = riskDriverName(code, language, columns);
      expect(name, `driver ${code}`).toBeDefined();
      expect(name!, `driver ${code}`).not.toMatch(RAW);
    }
  });

  it("in the model's features, its runs' reasons and stages", async () => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['analysis']);
    const t = i18n.getFixedT(language, 'analysis');
    const features = [...LOF_BASE_FEATURES, ...COLUMNS.map((c) => LOF_ATTRIBUTE_PREFIX + c)];
    for (const feature of features) expect(featureLabel(t, feature, language), feature).not.toMatch(RAW);
    for (const reason of ANALYSIS_REASONS) {
      expect(i18n.exists(`reasons.${reason}`, { ns: 'analysis', lng: language }), reason).toBe(true);
      expect(t(`reasons.${reason}`)).not.toMatch(RAW);
    }
    for (const stage of ANALYSIS_STAGES)
      expect(i18n.exists(`stages.${stage}`, { ns: 'analysis', lng: language }), stage).toBe(true);
    await i18n.changeLanguage('en');
  });
});

// The three virtual attributes as the table shows them: the wire name (sort key, filter, bulk body), the camelCased
// row key and the details pane's label (details.json attributes.*).
import type { VirtualAttribute } from '@pipewise/domain';
import type { AttributeKey } from './api.ts';

export interface Column {
  wire: VirtualAttribute;
  row: AttributeKey;
  labelKey: string;
}

export const COLUMNS: readonly Column[] = [
  { wire: 'diameter', row: 'diameter', labelKey: 'attributes.diameter' },
  { wire: 'install_year', row: 'installYear', labelKey: 'attributes.installYear' },
  { wire: 'material_type_code', row: 'materialTypeCode', labelKey: 'attributes.material' },
];

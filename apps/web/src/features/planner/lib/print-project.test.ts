import { describe, expect, it } from 'vitest';
import { projectPrintHtml } from './print-project.ts';

describe('project printout', () => {
  it('escapes every text and embeds only an image data URL', () => {
    const html = projectPrintHtml(
      {
        title: '<b>Main</b> & co',
        facts: [['Budget', '$12k']],
        image: 'javascript:alert(1)',
        imageAlt: 'Map',
        table: { headers: ['Pipe'], rows: [['<P-1>']] },
        totals: [['Length', '1.2 km']],
      },
      'en',
    );
    expect(html).toContain('&lt;b&gt;Main&lt;/b&gt; &amp; co');
    expect(html).toContain('&lt;P-1&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    const withImage = projectPrintHtml(
      {
        title: 'x',
        facts: [],
        image: 'data:image/png;base64,iVBOR==',
        imageAlt: 'Map',
        table: { headers: [], rows: [] },
        totals: [],
      },
      'en',
    );
    expect(withImage).toContain('<img src="data:image/png;base64,iVBOR==" alt="Map">');
  });
});

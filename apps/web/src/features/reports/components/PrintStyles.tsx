// Paper for a report page, mounted only while one is open. A4 is asked for; margins of 14 mm and charts at most
// 180 mm wide (charts/chart-size.ts) leave the same layout room on US Letter (215.9 mm wide), so either prints.
// The app's chrome (top bar, sub-bar, navigation drawer) and the page's own controls do not print; the scrolling
// content area is let out so every row prints. Sections flow onto the pages (issue 38: one section per page left most
// pages nearly empty): a section's heading stays with what follows it and a chart is never split; long tables continue
// onto the next page with their header repeated. (Keeping a whole section together pushed a long one to a new page,
// leaving the same empty half pages.)
import GlobalStyles from '@mui/material/GlobalStyles';

const CHROME = [
  '[data-testid="top-bar"]',
  '[data-testid="sub-bar"]',
  '[data-testid="nav-drawer"]',
  '.MuiDrawer-root',
  '.report-no-print',
].join(', ');
/** The layout's column, its row (drawer + content) and the content: fixed heights and scrolling would clip. */
const LAYOUT = [
  '[data-testid="layout-default"]',
  '[data-testid="layout-default"] > div:not([data-testid])',
  '[data-testid="content"]',
].join(', ');

export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@page': { size: 'A4', margin: '14mm' },
        '@media print': {
          [CHROME]: { display: 'none !important' },
          'html, body, #root': { height: 'auto !important', overflow: 'visible !important' },
          [LAYOUT]: {
            display: 'block !important',
            height: 'auto !important',
            overflow: 'visible !important',
          },
          body: { background: '#fff !important', color: '#000 !important' },
          '.report-page': { padding: '0 !important', maxWidth: 'none !important' },
          '.report-section + .report-section': { marginTop: '8mm' },
          '.report-section h2': { breakAfter: 'avoid' },
          '.report-chart': { breakInside: 'avoid', maxWidth: '180mm !important' },
          '.report-table': { maxHeight: 'none !important', overflow: 'visible !important' },
          '.report-table th, .report-table td': { fontSize: '8pt', padding: '2px 4px' },
          '.report-table thead': { display: 'table-header-group' },
          '.report-table tr': { breakInside: 'avoid' },
          // Sticky headers would repeat mid-page over the rows.
          '.report-table .MuiTableCell-stickyHeader': { position: 'static' },
        },
      }}
    />
  );
}

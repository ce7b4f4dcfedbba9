import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme, themeFor } from './theme.ts';

describe('theme', () => {
  it('keeps a number in a right-aligned cell on one line, and lets headers and text cells wrap', () => {
    render(
      <ThemeProvider theme={theme}>
        <Table>
          <TableHead>
            <TableRow>
              <TableCell align="right">管路数</TableCell>
              <TableCell>ネットワーク</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell align="right">２０,０００</TableCell>
              <TableCell>Demo town (synthetic)</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </ThemeProvider>,
    );
    const whiteSpace = (text: string) => getComputedStyle(screen.getByText(text)).whiteSpace;
    expect(whiteSpace('２０,０００')).toBe('nowrap');
    expect(whiteSpace('管路数')).not.toBe('nowrap');
    expect(whiteSpace('Demo town (synthetic)')).not.toBe('nowrap');
  });

  // Issue 38: the audit log's pager spoke English in German.
  it.each([
    ['de', '1–25 von 30', 'Zur nächsten Seite'],
    ['ja', '1～25 / 30', '次のページへ'],
    ['en', '1–25 of 30', 'Go to next page'],
  ])("writes MUI's own texts in %s", (language, rows, next) => {
    render(
      <ThemeProvider theme={themeFor(language)}>
        <TablePagination
          component="div"
          count={30}
          page={0}
          rowsPerPage={25}
          rowsPerPageOptions={[]}
          onPageChange={() => undefined}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText(rows)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: next })).toBeInTheDocument();
  });
});

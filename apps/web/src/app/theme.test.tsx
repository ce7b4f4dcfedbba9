import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

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
});

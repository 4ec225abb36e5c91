/**
 * @file Box-drawn tables as the Kyverno CLI prints them (lensesio/tableprinter with `│`/`─` borders):
 * one space of padding, numbers right-aligned, other cells left-aligned, long cells wrapped on words
 * at 100 characters. Widths ignore ANSI colour codes.
 */

const WRAP_WIDTH = 100;
const ANSI = /\u001b\[[0-9;]*m/g;

function visibleLength(text: string): number {
  return [...text.replace(ANSI, '')].length;
}

function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleLength(text)));
}

function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - visibleLength(text))) + text;
}

/** Splits a cell into lines: on newlines, then on words so no line exceeds the wrap width. */
function wrapCell(text: string): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (visibleLength(paragraph) <= WRAP_WIDTH) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line === '') line = word;
      else if (visibleLength(line) + 1 + visibleLength(word) <= WRAP_WIDTH) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export type Cell = string | number;

/** Renders `headers` and `rows` as a bordered table (no trailing newline). */
export function renderTable(headers: readonly string[], rows: readonly (readonly Cell[])[], headerStyle: (text: string) => string = (t) => t): string {
  const numeric = headers.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number'));
  const cells = rows.map((row) => row.map((cell) => wrapCell(String(cell))));
  const widths = headers.map((header, column) =>
    Math.max(visibleLength(header), ...cells.map((row) => Math.max(...row[column].map(visibleLength)))),
  );
  const border = (left: string, middle: string, right: string): string =>
    left + widths.map((width) => '─'.repeat(width + 2)).join(middle) + right;
  const out = [border('┌', '┬', '┐')];
  out.push('│' + headers.map((header, column) => ` ${headerStyle(padEnd(header, widths[column]))} `).join('│') + '│');
  out.push(border('├', '┼', '┤'));
  for (const row of cells) {
    const height = Math.max(...row.map((lines) => lines.length));
    for (let lineIndex = 0; lineIndex < height; lineIndex++) {
      const parts = row.map((lines, column) => {
        const text = lines[lineIndex] ?? '';
        return ` ${numeric[column] ? padStart(text, widths[column]) : padEnd(text, widths[column])} `;
      });
      out.push('│' + parts.join('│') + '│');
    }
  }
  out.push(border('└', '┴', '┘'));
  return out.join('\n');
}

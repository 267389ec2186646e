// Moving the grid's active cell from the keyboard (the ARIA grid pattern): arrows by one,
// Home/End to the row's ends, Ctrl+Home/End to the grid's corners, Page Up/Down by a screenful.

export interface CellPosition {
  row: number;
  column: number;
}

export interface GridSize {
  rows: number;
  columns: number;
  /** Rows that fit on screen: the step of Page Up / Page Down. */
  page: number;
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));

/** Where a key moves the active cell, or null when the key is not a move. */
export function moveCell(
  at: CellPosition,
  key: string,
  size: GridSize,
  ctrl = false,
): CellPosition | null {
  if (size.rows === 0 || size.columns === 0) return null;
  const lastRow = size.rows - 1;
  const lastColumn = size.columns - 1;
  const row = clamp(at.row, lastRow);
  const column = clamp(at.column, lastColumn);
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(row - 1, lastRow), column };
    case 'ArrowDown':
      return { row: clamp(row + 1, lastRow), column };
    case 'ArrowLeft':
      return { row, column: clamp(column - 1, lastColumn) };
    case 'ArrowRight':
      return { row, column: clamp(column + 1, lastColumn) };
    case 'Home':
      return ctrl ? { row: 0, column: 0 } : { row, column: 0 };
    case 'End':
      return ctrl ? { row: lastRow, column: lastColumn } : { row, column: lastColumn };
    case 'PageUp':
      return { row: clamp(row - Math.max(1, size.page), lastRow), column };
    case 'PageDown':
      return { row: clamp(row + Math.max(1, size.page), lastRow), column };
    default:
      return null;
  }
}

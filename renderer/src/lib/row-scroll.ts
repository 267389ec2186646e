/**
 * Scrolls a virtual grid whose rows share one fixed height just enough to show a row whole below
 * its sticky header. Where the row is needs no measuring, so nothing is laid out in the key press
 * that moved to it: the virtualizer's own scrollToIndex reads the grid's scroll height once the
 * rows have changed, which laid the page out inside the key press (about 20 ms a key on the
 * import's grid).
 */
export function scrollRowIntoView(
  grid: Pick<HTMLElement, 'scrollTop' | 'clientHeight'>,
  row: number,
  size: { rowHeight: number; headerHeight: number },
): void {
  const top = size.headerHeight + row * size.rowHeight;
  if (top - size.headerHeight < grid.scrollTop) grid.scrollTop = top - size.headerHeight;
  else if (top + size.rowHeight > grid.scrollTop + grid.clientHeight)
    grid.scrollTop = top + size.rowHeight - grid.clientHeight;
}

/**
 * Scrolls a grid sideways just enough to show a column whole, from where its header cell stands:
 * the header is always drawn, where the cell may not be yet (Ctrl+Home from the bottom of the
 * grid names a row the grid has not drawn).
 */
export function scrollColumnIntoView(
  grid: Pick<HTMLElement, 'scrollLeft' | 'clientWidth'>,
  column: { left: number; width: number },
): void {
  const right = column.left + column.width;
  if (column.left < grid.scrollLeft || column.width > grid.clientWidth)
    grid.scrollLeft = column.left;
  else if (right > grid.scrollLeft + grid.clientWidth) grid.scrollLeft = right - grid.clientWidth;
}

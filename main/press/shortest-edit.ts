// Myers' shortest edit script ("An O(ND) Difference Algorithm and Its Variations", 1986), with a
// bound on work so a pair of huge, unlike texts costs milliseconds, not minutes.

/** 'same' advances both sides, 'removed' the first, 'added' the second. */
export type EditOp = 'same' | 'added' | 'removed';

/**
 * The shortest edit script from `a` to `b` (tokens as numbers), one op per token walked, or null
 * when finding it would take more than `budget` steps (comparisons and diagonals tried).
 */
export function shortestEdit(a: Int32Array, b: Int32Array, budget: number): EditOp[] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const frontier = new Int32Array(2 * max + 3);
  // frontier as it stood before each round d, for k in [-d-1, d+1]: the walk back reads it.
  const trace: Int32Array[] = [];
  let work = 0;
  for (let d = 0; d <= max; d += 1) {
    trace.push(frontier.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      // Step down from diagonal k+1 (an addition) or right from k-1 (a removal), whichever
      // reaches further, then follow equal items along the diagonal.
      const down =
        k === -d || (k !== d && (frontier[offset + k - 1] ?? 0) < (frontier[offset + k + 1] ?? 0));
      const from = down ? (frontier[offset + k + 1] ?? 0) : (frontier[offset + k - 1] ?? 0) + 1;
      let x = from;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      work += 1 + x - from;
      frontier[offset + k] = x;
      if (x >= n && y >= m) return walkBack(trace, n, m);
    }
    if (work > budget) return null;
  }
  return null;
}

function walkBack(trace: Int32Array[], n: number, m: number): EditOp[] {
  const ops: EditOp[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const before = trace[d] as Int32Array;
    // before[i] holds k = i - d - 1.
    const at = (k: number) => before[k + d + 1] ?? 0;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : at(previousK);
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push('same');
      x -= 1;
      y -= 1;
    }
    if (d > 0) ops.push(x === previousX ? 'added' : 'removed');
    x = previousX;
    y = previousY;
  }
  return ops.reverse();
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportLine } from '../../../preload/contract';
import {
  cellText,
  columnOfProblem,
  editedShape,
  GRID_COLUMNS,
  parseCell,
  placeProblems,
  problemText,
  type GridColumn,
} from '../../../renderer/src/features/customer-import/grid-fields';
import { moveCell } from '../../../renderer/src/features/customer-import/grid-keys';
import { scrollColumnIntoView, scrollRowIntoView } from '../../../renderer/src/lib/row-scroll';

/** The message of a refusal (`{ ok: false, message }`), or a failure when it was accepted. */
function refusalOf(answer: { ok: true } | { ok: false; message: string }): string {
  if (answer.ok) throw new Error('expected a refusal');
  return answer.message;
}

// The import grid's cells: what each shows for a customer and a relation line, how the text typed
// in a cell becomes the write shape sent with editLine, where each problem is shown, and how the
// keyboard moves the active cell.

const column = (key: string): GridColumn => {
  const found = GRID_COLUMNS.find((entry) => entry.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
};

const customerLine = (over: Partial<ImportLine> = {}): ImportLine => ({
  line: 3,
  kind: 'customer',
  externalId: 'C-3',
  status: 'invalid',
  customer: {
    external_id: 'C-3',
    account_type: 'N',
    first_name: 'Jane',
    last_name: 'Doe',
    date_of_birth: '03/04/1980',
    nationality_codes: ['FR', 'DE'],
    kyc_level: 2,
  },
  relation: null,
  source: '',
  errors: [],
  warnings: [],
  customerId: null,
  ...over,
});

const relationLine = (over: Partial<ImportLine> = {}): ImportLine => ({
  line: 1,
  kind: 'relation',
  externalId: 'R-1',
  status: 'valid',
  customer: null,
  relation: {
    relation_external_id: 'R-1',
    parent_customer_external_id: 'C-1',
    child_customer_external_id: 'C-2',
    relation_type: 4,
  },
  source: '',
  errors: [],
  warnings: [],
  customerId: null,
  ...over,
});

describe('a cell shows', () => {
  it('the field of its column for the line’s kind', () => {
    const customer = customerLine();
    expect(cellText(column('first_name'), customer)).toBe('Jane');
    expect(cellText(column('nationality_codes'), customer)).toBe('FR; DE');
    expect(cellText(column('kyc_level'), customer)).toBe('2');
    expect(cellText(column('child'), customer)).toBe('');

    const relation = relationLine();
    expect(cellText(column('external_id'), relation)).toBe('R-1');
    expect(cellText(column('parent'), relation)).toBe('C-1');
    expect(cellText(column('child'), relation)).toBe('C-2');
    expect(cellText(column('relation_type'), relation)).toBe('4');
    expect(cellText(column('first_name'), relation)).toBe('');
  });

  it('the external id of an unreadable line, which has no write shape', () => {
    const line = customerLine({ status: 'unreadable', customer: null, externalId: 'C-9' });
    expect(cellText(column('external_id'), line)).toBe('C-9');
    expect(cellText(column('last_name'), line)).toBe('');
  });
});

describe('the text typed in a cell', () => {
  it('becomes the field’s value in the line’s write shape, the other fields kept', () => {
    const edit = editedShape(customerLine(), column('date_of_birth'), ' 1980-04-03 ');
    expect(edit).toEqual({
      ok: true,
      customer: { ...customerLine().customer, date_of_birth: '1980-04-03' },
    });
  });

  it('reads lists split on ; or , and whole numbers', () => {
    expect(parseCell('list', 'domicile_codes', 'FR, BE;; LU ')).toEqual({
      ok: true,
      value: ['FR', 'BE', 'LU'],
    });
    expect(parseCell('integer', 'kyc_level', '3')).toEqual({ ok: true, value: 3 });
    expect(parseCell('boolean', 'disabled', 'Yes')).toEqual({ ok: true, value: true });
  });

  it('emptied, leaves an optional field out of the write shape', () => {
    const edit = editedShape(customerLine(), column('first_name'), '   ');
    expect(edit.ok && 'customer' in edit && 'first_name' in edit.customer).toBe(false);
  });

  it('is refused with what to do when it cannot be the field’s value', () => {
    const number = editedShape(customerLine(), column('kyc_level'), 'high');
    expect(refusalOf(number)).toMatch(/whole number/);
    const required = editedShape(customerLine(), column('external_id'), '');
    expect(refusalOf(required)).toMatch(/external id/);
    const child = editedShape(relationLine(), column('child'), ' ');
    expect(refusalOf(child)).toMatch(/both its customers/);
  });

  it('edits a relation line’s relation, and builds a write shape for an unreadable line', () => {
    expect(editedShape(relationLine(), column('relation_type'), '7')).toEqual({
      ok: true,
      relation: { ...relationLine().relation, relation_type: 7 },
    });
    const unreadable = customerLine({ customer: null, status: 'unreadable', externalId: 'C-9' });
    expect(editedShape(unreadable, column('last_name'), 'Roe')).toEqual({
      ok: true,
      customer: { external_id: 'C-9', last_name: 'Roe' },
    });
  });

  it('cannot go in a column the line’s kind does not have', () => {
    expect(editedShape(relationLine(), column('first_name'), 'Jane').ok).toBe(false);
  });

  it('round-trips: any list shown in a cell reads back as the same list', () => {
    const code = fc.stringMatching(/^[A-Z]{2,3}$/);
    fc.assert(
      fc.property(fc.array(code, { minLength: 1, maxLength: 8 }), (codes) => {
        const line = customerLine({
          customer: { external_id: 'C-3', nationality_codes: codes },
        });
        const shown = cellText(column('nationality_codes'), line);
        const edit = editedShape(line, column('nationality_codes'), shown);
        expect(edit).toEqual({
          ok: true,
          customer: { external_id: 'C-3', nationality_codes: codes },
        });
      }),
    );
  });
});

describe('a problem is shown', () => {
  it('beside the cell of the field it names, the rest with the line’s other problems', () => {
    const line = customerLine({
      errors: [
        {
          code: 'invalid_date',
          detail: 'date_of_birth must be YYYY-MM-DD',
          field: 'date_of_birth',
        },
        { code: 'bad_code', detail: 'Unknown nationality', field: 'nationality_codes[1]' },
        { code: 'unknown', detail: 'Something about the line', field: null },
      ],
      warnings: [
        { code: 'unknown_field', detail: 'Unknown custom field risk', field: 'fields.risk' },
      ],
    });
    const placed = placeProblems(line);
    expect(placed.get('date_of_birth')?.map((problem) => problem.severity)).toEqual(['error']);
    expect(placed.get('nationality_codes')?.[0]?.code).toBe('bad_code');
    expect(placed.get('other')?.map((problem) => [problem.code, problem.severity])).toEqual([
      ['unknown', 'error'],
      ['unknown_field', 'warning'],
    ]);
  });

  it('for a relation, beside the relation’s own field', () => {
    const problem = {
      code: 'unknown_customer',
      detail: 'No such child',
      field: 'child_customer_external_id',
    };
    expect(columnOfProblem(problem, relationLine())?.key).toBe('child');
    expect(columnOfProblem(problem, customerLine())).toBeNull();
  });

  it('with its detail, its code added when the detail does not say it', () => {
    expect(problemText({ code: 'E12', detail: 'Bad date', field: null })).toBe('Bad date (E12)');
    expect(problemText({ code: 'E12', detail: 'E12: bad date', field: null })).toBe(
      'E12: bad date',
    );
    expect(problemText({ code: 'E12', detail: '  ', field: null })).toBe('E12');
  });
});

describe('the keyboard moves the active cell', () => {
  const size = { rows: 10_000, columns: 15, page: 20 };

  it('by one with the arrows, to the ends with Home/End, by a screen with Page Up/Down', () => {
    const at = { row: 5, column: 3 };
    expect(moveCell(at, 'ArrowDown', size)).toEqual({ row: 6, column: 3 });
    expect(moveCell(at, 'ArrowLeft', size)).toEqual({ row: 5, column: 2 });
    expect(moveCell(at, 'Home', size)).toEqual({ row: 5, column: 0 });
    expect(moveCell(at, 'End', size, true)).toEqual({ row: 9_999, column: 14 });
    expect(moveCell(at, 'PageDown', size)).toEqual({ row: 25, column: 3 });
    expect(moveCell(at, 'PageUp', size)).toEqual({ row: 0, column: 3 });
    expect(moveCell(at, 'a', size)).toBeNull();
  });

  it('never out of the grid, whatever the keys', () => {
    const keys = fc.constantFrom(
      'ArrowUp',
      'ArrowDown',
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
      'PageUp',
      'PageDown',
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.tuple(keys, fc.boolean()), { maxLength: 40 }),
        (rows, columns, presses) => {
          let at = { row: 0, column: 0 };
          for (const [key, ctrl] of presses) {
            at = moveCell(at, key, { rows, columns, page: 7 }, ctrl) ?? at;
            expect(at.row).toBeGreaterThanOrEqual(0);
            expect(at.row).toBeLessThan(rows);
            expect(at.column).toBeGreaterThanOrEqual(0);
            expect(at.column).toBeLessThan(columns);
          }
        },
      ),
    );
  });

  it('not at all in an empty grid', () => {
    expect(
      moveCell({ row: 0, column: 0 }, 'ArrowDown', { rows: 0, columns: 15, page: 5 }),
    ).toBeNull();
  });
});

describe('the grid scrolls to the active cell', () => {
  const HEADER = 36;
  const ROW_HEIGHT = 56;
  it('shows it whole below the sticky header, moving no more than it must', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 0, max: 560_000 }),
        fc.integer({ min: HEADER + ROW_HEIGHT, max: 900 }),
        (row, scrollTop, clientHeight) => {
          const grid = { scrollTop, clientHeight };
          scrollRowIntoView(grid, row, { rowHeight: ROW_HEIGHT, headerHeight: HEADER });
          const top = HEADER + row * ROW_HEIGHT;
          // Whole, under the header and above the bottom edge.
          expect(top).toBeGreaterThanOrEqual(grid.scrollTop + HEADER);
          expect(top + ROW_HEIGHT).toBeLessThanOrEqual(grid.scrollTop + clientHeight);
          const wasShown =
            top >= scrollTop + HEADER && top + ROW_HEIGHT <= scrollTop + clientHeight;
          if (wasShown) expect(grid.scrollTop).toBe(scrollTop);
          // Otherwise the row lands on the edge it came in from.
          else expect([top - HEADER, top + ROW_HEIGHT - clientHeight]).toContain(grid.scrollTop);
        },
      ),
    );
  });

  it('scrolls sideways just enough to show the active column whole, its start first when it is wider than the grid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 100, max: 1500 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 20, max: 400 }),
        (scrollLeft, clientWidth, left, width) => {
          const grid = { scrollLeft, clientWidth };
          scrollColumnIntoView(grid, { left, width });
          const shown = (at: number) => left >= at && left + width <= at + clientWidth;
          if (width <= clientWidth) {
            expect(shown(grid.scrollLeft)).toBe(true);
            if (shown(scrollLeft)) expect(grid.scrollLeft).toBe(scrollLeft);
            else expect([left, left + width - clientWidth]).toContain(grid.scrollLeft);
          } else expect(grid.scrollLeft).toBe(left);
        },
      ),
    );
  });
});

// The items of a JSON file pushed in chunks, one at a time, so a file of any length is never held
// (or parsed) whole: the items of a top-level array, or of the arrays that are members of a
// top-level object (`{"customers": […], "relations": […]}`, each item tagged with its member's
// name). Each item's text comes out whole, to be parsed on its own; an item longer than the limit
// is reported and skipped, so memory stays bounded whatever the file.

export const MAX_ITEM_CHARS = 1_000_000;

export interface JsonItem {
  /** The top-level object's member holding the item; null for a top-level array. */
  section: string | null;
  /** 1-based physical line where the item starts. */
  line: number;
  /** The item's JSON text; empty when it was too long. */
  text: string;
  tooLong: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * Where the scanner stands: before the top value, inside the top array between items, inside the
 * top object between members, reading a member's name, after a name awaiting its value, inside an
 * item, after the top value.
 */
type Place = 'start' | 'array' | 'object' | 'key' | 'value' | 'item' | 'skip' | 'end';

export class JsonItemScanner {
  private place: Place = 'start';
  private topIsArray = false;
  private section: string | null = null;
  private key = '';
  /** Nesting inside the current item (or the member value being skipped). */
  private depth = 0;
  private inString = false;
  private escaped = false;
  private item = '';
  private itemLine = 1;
  private tooLong = false;
  private line = 1;
  private started = false;
  /** A problem with the file as a whole (it is not one array or object of arrays). */
  private problem: string | null = null;
  private out: JsonItem[] = [];

  /** The file's problem as a whole, once found: what comes after it is not read. */
  get error(): string | null {
    return this.problem;
  }

  push(chunk: string): JsonItem[] {
    let text = chunk;
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.problem === null) this.scan(text);
    const items = this.out;
    this.out = [];
    return items;
  }

  /** The text ended: a problem when the top value is not whole. */
  end(): JsonItem[] {
    if (this.problem === null && this.place !== 'end')
      this.problem =
        this.place === 'start'
          ? 'it holds no JSON value'
          : 'it ends before its JSON is closed (the file may be cut short)';
    const items = this.out;
    this.out = [];
    return items;
  }

  private fail(message: string): void {
    this.problem ??= `${message} (line ${this.line})`;
  }

  private append(text: string, from: number, to: number): void {
    if (to <= from || this.tooLong) return;
    if (this.item.length + (to - from) > MAX_ITEM_CHARS) {
      this.tooLong = true;
      this.item = '';
      return;
    }
    this.item += text.slice(from, to);
  }

  private emit(): void {
    this.out.push({
      section: this.section,
      line: this.itemLine,
      text: this.item,
      tooLong: this.tooLong,
    });
    this.item = '';
    this.tooLong = false;
  }

  private scan(text: string): void {
    let index = 0;
    let from = 0;
    const length = text.length;
    while (index < length && this.problem === null) {
      const code = text.charCodeAt(index);
      if (code === LF) this.line += 1;
      switch (this.place) {
        case 'start':
          if (code === 0x5b) {
            this.topIsArray = true;
            this.place = 'array';
          } else if (code === 0x7b) this.place = 'object';
          else if (!isSpace(code))
            this.fail('it is not a JSON array or object of customers and relations');
          index += 1;
          break;
        case 'array':
          // Between the items of an array (the top one, or a member's).
          if (code === 0x5d) {
            this.place = this.topIsArray ? 'end' : 'object';
            this.section = null;
          } else if (code === 0x2c || isSpace(code)) {
            // separators between items
          } else {
            this.place = 'item';
            this.itemLine = this.line;
            this.depth = 0;
            this.inString = false;
            this.escaped = false;
            from = index;
            continue;
          }
          index += 1;
          break;
        case 'object':
          if (code === 0x7d) this.place = 'end';
          else if (code === QUOTE) {
            this.place = 'key';
            this.key = '';
            from = index + 1;
          } else if (code !== 0x2c && !isSpace(code))
            this.fail('the top-level object is not written as JSON');
          index += 1;
          break;
        case 'key':
          if (this.escaped) this.escaped = false;
          else if (code === BACKSLASH) this.escaped = true;
          else if (code === QUOTE) {
            this.key += text.slice(from, index);
            try {
              this.key = JSON.parse(`"${this.key}"`) as string;
            } catch {
              this.fail('a member name of the top-level object is not written as JSON');
            }
            this.place = 'value';
          }
          index += 1;
          if (this.place === 'key' && index === length) this.key += text.slice(from, index);
          break;
        case 'value':
          if (code === 0x5b) {
            this.section = this.key;
            this.place = 'array';
          } else if (code !== 0x3a && !isSpace(code)) {
            // A member that is not a list: read over, never kept.
            this.place = 'skip';
            this.depth = 0;
            this.inString = false;
            this.escaped = false;
            continue;
          }
          index += 1;
          break;
        case 'item':
        case 'skip': {
          const done = this.step(code);
          index += 1;
          if (done === 'after') {
            if (this.place === 'item') {
              this.append(text, from, index);
              this.emit();
              this.place = 'array';
            } else this.place = 'object';
          } else if (done === 'before') {
            // A scalar item ended at this separator, which belongs to the array.
            index -= 1;
            if (code === LF) this.line -= 1;
            if (this.place === 'item') {
              this.append(text, from, index);
              this.emit();
              this.place = 'array';
            } else this.place = 'object';
          }
          break;
        }
        case 'end':
          if (!isSpace(code))
            this.fail('it has more text after its JSON value (one array or object is read)');
          index += 1;
          break;
      }
    }
    if (this.place === 'item') this.append(text, from, length);
  }

  /** One character of an item or a skipped value: whether the value ended after it, before it, or not. */
  private step(code: number): 'after' | 'before' | null {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (code === BACKSLASH) this.escaped = true;
      else if (code === QUOTE) {
        this.inString = false;
        if (this.depth === 0) return 'after';
      }
      return null;
    }
    if (code === QUOTE) {
      this.inString = true;
      return null;
    }
    if (code === 0x7b || code === 0x5b) {
      this.depth += 1;
      return null;
    }
    if (code === 0x7d || code === 0x5d) {
      if (this.depth === 0) return 'before';
      this.depth -= 1;
      return this.depth === 0 ? 'after' : null;
    }
    if (this.depth === 0 && (code === 0x2c || isSpace(code))) return 'before';
    return null;
  }
}

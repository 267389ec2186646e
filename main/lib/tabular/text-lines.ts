// Lines of a text pushed in chunks (NDJSON: one JSON object a line), each with its 1-based line
// number; LF, CRLF or a lone CR end a line. A line longer than the limit is reported as too long
// and not kept, so memory stays bounded whatever the file.

export const MAX_LINE_CHARS = 1_000_000;

export interface TextLine {
  line: number;
  /** The line's text (empty when it was too long). */
  text: string;
  tooLong: boolean;
}

const LF = 0x0a;
const CR = 0x0d;

export class TextLineSplitter {
  private current = '';
  private tooLong = false;
  private line = 1;
  private skipLf = false;
  private started = false;

  push(chunk: string): TextLine[] {
    let text = chunk;
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const lines: TextLine[] = [];
    let from = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (this.skipLf) {
        this.skipLf = false;
        if (code === LF) {
          from = index + 1;
          continue;
        }
      }
      if (code !== LF && code !== CR) continue;
      this.add(text, from, index);
      lines.push(this.finish());
      this.skipLf = code === CR;
      from = index + 1;
    }
    this.add(text, from, text.length);
    return lines;
  }

  /** The text ended: its last line, when it did not end with a line break. */
  end(): TextLine[] {
    return this.current === '' && !this.tooLong ? [] : [this.finish()];
  }

  private add(text: string, from: number, to: number): void {
    if (to <= from || this.tooLong) return;
    if (this.current.length + (to - from) > MAX_LINE_CHARS) {
      this.tooLong = true;
      this.current = '';
      return;
    }
    this.current += text.slice(from, to);
  }

  private finish(): TextLine {
    const done = { line: this.line, text: this.current, tooLong: this.tooLong };
    this.current = '';
    this.tooLong = false;
    this.line += 1;
    return done;
  }
}

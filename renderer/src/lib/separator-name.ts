const SEPARATORS: Record<string, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Vertical bar (|)',
};

/** The separator as found, in words (a tab is invisible). */
export function separatorName(separator: string | null): string {
  if (separator === null) return 'None';
  return SEPARATORS[separator] ?? JSON.stringify(separator);
}

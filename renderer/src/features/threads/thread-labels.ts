// How thread values read on screen. The service leaves the thread status object unexplained: its
// label is shown where it has one, its code otherwise.

export function statusLabel(status: number | null, label = ''): string {
  if (label) return label;
  return status === null ? 'No status' : `Status ${status}`;
}

/** Mail priority as X-Priority counts it: 1 highest, 3 normal, 5 lowest. */
export function priorityLabel(
  priority: number | null,
): { text: string; level: 'high' | 'normal' | 'low' } | null {
  if (priority === null) return null;
  if (priority <= 2) return { text: `High priority (${priority})`, level: 'high' };
  if (priority >= 4) return { text: `Low priority (${priority})`, level: 'low' };
  return { text: `Normal priority (${priority})`, level: 'normal' };
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `"Hannah Schreiber" <hannah@bank.example>` reads as its name; a bare address as itself. */
export function senderName(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]*)>\s*$/.exec(from);
  if (!match) return from.trim();
  return match[1]?.trim() || match[2]?.trim() || from.trim();
}

/**
 * The origin (scheme, host, port) of a base URL, as main binds a stored token to it; null while
 * the text is not a URL. Main decides; this only lets the form say so before saving.
 */
export function originOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return null;
  }
}

/** True when an edited base URL points to another origin than the saved one. */
export function movesOrigin(savedBaseUrl: string, draftBaseUrl: string): boolean {
  const draft = originOf(draftBaseUrl);
  return draft !== null && draft !== originOf(savedBaseUrl);
}

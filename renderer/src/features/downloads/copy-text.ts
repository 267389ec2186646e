/**
 * Puts text on the clipboard. The asynchronous clipboard may be refused (no permission, no focus);
 * a selected hidden field and the copy command still work then. False when neither did.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    // Behind a modal dialog the page is inert: the field must sit in the dialog to be selected.
    (document.querySelector('dialog[open]') ?? document.body).append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

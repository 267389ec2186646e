import DOMPurify, { type Config } from 'dompurify';
import { judgeResourceUrl, rewriteCssUrls } from './css-urls';
import { filterSrcset } from './srcset';

// A message body is untrusted HTML from anyone who can send mail to the team. It is cleaned here,
// then shown in a sandboxed frame without scripts (MessageFrame): two independent walls.

export interface MailLink {
  /** The link's text as the message shows it. */
  text: string;
  /** Where it really goes. */
  url: string;
}

export interface SanitizedMail {
  /** Body markup for the frame: no scripts, handlers, forms, frames, or links that navigate. */
  html: string;
  links: MailLink[];
  /**
   * Remote images left out (tracking pixels among them): what "Load remote content" loads, or with
   * `allowRemote`, the insecure ones it still does not. Mail CSS is not counted: it never loads
   * anything remote.
   */
  remoteBlocked: number;
  /** Scripts, event handlers, javascript: links, forms, frames and the like that were removed. */
  activeRemoved: number;
}

/** Elements that run code, embed other pages, submit or redirect: counted when removed. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'base',
  'portal',
]);

/** Removed without a word: harmless, or reported through what they hold. */
const INERT_REMOVED = [
  'input',
  'button',
  'select',
  'textarea',
  'meta',
  'link',
  'noscript',
  'template',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'title',
];

/** `<meta http-equiv="refresh">` redirects; `<meta charset>` is in every mail and harmless. */
function isActive(element: Element): boolean {
  const tag = element.tagName.toLowerCase();
  return ACTIVE_ELEMENTS.has(tag) || (tag === 'meta' && element.hasAttribute('http-equiv'));
}

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [...ACTIVE_ELEMENTS, ...INERT_REMOVED],
  FORBID_ATTR: ['action', 'formaction', 'ping', 'target', 'poster', 'lowsrc', 'dynsrc', 'usemap'],
  ALLOW_DATA_ATTR: false,
  // Keeps the <style> of a full mail document, which would otherwise sit in <head> and be lost.
  FORCE_BODY: true,
};

const ELEMENT_NODE = 1;
const SCRIPT_URL = /^javascript:/i;
/**
 * Markup only when it names an element mail is written with: a plain-text body quoting
 * `Jane <jane@example.com>` or `<address>` must stay text. A body taken for text is escaped whole,
 * so a wrong guess shows markup as text and never runs it.
 */
const HTML_TAG =
  /<(?:!doctype\s+html|html|head|body|meta|style|p|div|span|br|hr|a|img|table|tbody|thead|tr|td|th|font|b|i|u|em|strong|ul|ol|li|h[1-6]|blockquote|pre|center|script|iframe|form|object|svg)(?=[\s/>])/i;
const TEXT_URL = /\b(?:https?:\/\/|mailto:)[^\s<>"'()]+/gi;

export function looksLikeHtml(body: string): boolean {
  return HTML_TAG.test(body);
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Plain-text mail is shown as written (escaped, white space kept); its addresses are listed like
 * an HTML mail's links.
 */
function plainTextMail(body: string): SanitizedMail {
  const urls = [...new Set(body.match(TEXT_URL) ?? [])];
  return {
    html: `<div class="plain-text">${escapeText(body)}</div>`,
    links: urls.map((url) => ({ text: url, url })),
    remoteBlocked: 0,
    activeRemoved: 0,
  };
}

/**
 * Cleans a message body for display. With `allowRemote` (the user asked for this message's remote
 * content), https images stay; every other image from elsewhere is removed and counted.
 */
export function sanitizeMail(body: string, allowRemote: boolean): SanitizedMail {
  if (!looksLikeHtml(body)) return plainTextMail(body);

  // A purifier of its own per call: hooks are per instance, and these hooks count into locals.
  const purifier = DOMPurify(window);
  const links: MailLink[] = [];
  let remoteBlocked = 0;
  let scriptLinks = 0;

  const resource = (element: Element, attribute: string) => {
    const value = element.getAttribute(attribute);
    if (value === null) return;
    const verdict = judgeResourceUrl(value, allowRemote);
    if (verdict === 'keep') return;
    if (verdict === 'blocked-remote') remoteBlocked += 1;
    element.removeAttribute(attribute);
  };

  // Mail CSS never applies in the frame (it inherits the app's policy, which allows only the
  // frame's own stylesheet), so "Load remote content" does not offer what it would load; its remote
  // references are removed all the same, should that policy ever change.
  purifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent)
      node.textContent = rewriteCssUrls(node.textContent, false).css;
  });

  purifier.addHook('uponSanitizeAttribute', (element, data) => {
    // eslint-disable-next-line no-control-regex
    if (data.attrName === 'href' && SCRIPT_URL.test(data.attrValue.replace(/[\u0000-\u0020]/g, '')))
      scriptLinks += 1;
    if (data.attrName === 'srcset') {
      // Judged here, candidate by candidate: the purifier's own check reads one URL per attribute
      // and would drop a srcset that starts with an inline image. What is kept is only data
      // images and allowed https, so the purifier is told to keep it as written.
      const filtered = filterSrcset(data.attrValue, allowRemote);
      remoteBlocked += filtered.blocked;
      data.attrValue = filtered.kept;
      if (filtered.kept) {
        element.setAttribute('srcset', filtered.kept);
        data.forceKeepAttr = true;
      } else data.keepAttr = false;
    }
  });

  purifier.addHook('afterSanitizeAttributes', (element) => {
    resource(element, 'src');
    resource(element, 'background');
    const style = element.getAttribute('style');
    if (style !== null) element.setAttribute('style', rewriteCssUrls(style, false).css);
    const href = element.getAttribute('href');
    if (href !== null) {
      element.removeAttribute('href');
      // A link in the frame must not navigate (the frame cannot ask first): it becomes plain
      // text numbered like the list of links under the message, where it can be opened.
      if (element.tagName === 'A' && href.trim() && !href.trim().startsWith('#')) {
        links.push({ text: element.textContent.replace(/\s+/g, ' ').trim(), url: href.trim() });
        element.setAttribute('data-link', String(links.length));
        element.appendChild(element.ownerDocument.createTextNode(` [${links.length}]`));
      }
    }
  });

  const html = purifier.sanitize(body, CONFIG);
  const activeRemoved =
    scriptLinks +
    purifier.removed.filter((entry) =>
      'attribute' in entry
        ? Boolean(entry.attribute?.name.toLowerCase().startsWith('on'))
        : entry.element.nodeType === ELEMENT_NODE && isActive(entry.element as Element),
    ).length;
  return { html, links, remoteBlocked, activeRemoved };
}

import { useEffect, useState, type RefObject } from 'react';
import { MEASURE_CSS } from './mail-frame-document';

const MIN_HEIGHT = 48;
const MAX_HEIGHT = 6000;

let measureSheet: CSSStyleSheet | null = null;

/**
 * `body` as laid out in the app document, without the mail's <style> elements and style
 * attributes: mail CSS must never reach the app (a `:host` rule could restyle the measuring box).
 * The frame applies none of it either (its inherited policy allows only its own stylesheet), so
 * the height stays the frame's. Parsed in a template, whose inert document applies nothing.
 */
function measuringCopy(body: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = body;
  const copy = template.content;
  for (const style of copy.querySelectorAll('style')) style.remove();
  for (const styled of copy.querySelectorAll('[style]')) styled.removeAttribute('style');
  return copy;
}

/**
 * The height a sanitized body takes at the width of `container`. A frame without scripts cannot
 * report its own height and the app may not read into it, so the same markup is laid out in a
 * hidden, inert shadow root here (never with remote resources: `body` is the blocked variant).
 */
export function useContentHeight(container: RefObject<HTMLElement | null>, body: string): number {
  const [height, setHeight] = useState(160);

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const host = document.createElement('div');
    host.className = 'message-measure';
    host.inert = true;
    host.setAttribute('aria-hidden', 'true');
    const shadow = host.attachShadow({ mode: 'closed' });
    measureSheet ??= (() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(MEASURE_CSS);
      return sheet;
    })();
    shadow.adoptedStyleSheets = [measureSheet];
    shadow.append(measuringCopy(body));
    document.body.appendChild(host);

    const measure = () => {
      // A hidden tab has no width to lay out at; it is measured once it shows.
      if (target.clientWidth === 0) return;
      host.style.width = `${target.clientWidth}px`;
      const measured = Math.ceil(host.getBoundingClientRect().height);
      setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, measured + 8)));
    };
    measure();
    // Inline images decode later and change the height.
    shadow.addEventListener('load', measure, true);
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => {
      observer.disconnect();
      host.remove();
    };
  }, [container, body]);

  return height;
}

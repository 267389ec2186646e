import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchHitView } from '../../../../preload/contract';
import type { Route } from '../../lib/routes';
import { api, errorMessage, unwrap } from '../../lib/api';
import { ServiceText, ServiceTextParts } from '../../components/ServiceText';
import { plainServiceText, SHOWN_UP_TO } from '../../lib/service-text';
import { highlight, searchTerms } from './highlight';
import { groupHits, inGroupOrder, KIND_HEADINGS, routeFor } from './hits';
import { useSearchPalette } from './store';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 80;

interface Answer {
  text: string;
  hits: SearchHitView[];
}

/** The palette's field and its matches; mounted while the palette is open, so each opening starts afresh. */
export function SearchResults({
  shortcut,
  onOpen,
  onClose,
}: {
  shortcut: string;
  onOpen: (route: Route) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const generation = useRef(0);
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [active, setActive] = useState(0);
  const focusRequest = useSearchPalette((state) => state.focusRequest);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusRequest]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    // Every keystroke outdates the answers still on their way.
    const mine = ++generation.current;
    setFailure(null);
    if (!searchTerms(value).length) {
      setAnswer(null);
      return;
    }
    timer.current = window.setTimeout(() => {
      unwrap(api.search.query({ text: value })).then(
        (hits) => {
          if (mine !== generation.current) return;
          setAnswer({ text: value, hits: inGroupOrder(hits) });
          setFailure(null);
          setActive(0);
        },
        (error: unknown) => {
          if (mine === generation.current) setFailure(error);
        },
      );
    }, DEBOUNCE_MS);
  };

  const hits = answer?.hits ?? [];
  const current = hits.length ? Math.min(active, hits.length - 1) : -1;
  const optionId = (index: number) => `${ids}-hit-${index}`;
  const pending = searchTerms(text).length > 0 && answer?.text !== text && failure === null;

  useEffect(() => {
    if (current < 0) return;
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current, answer]);

  const openHit = (hit: SearchHitView | undefined) => {
    const route = hit ? routeFor(hit) : null;
    if (route) onOpen(route);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Nothing behind the modal reacts to keys while it is open.
    event.stopPropagation();
    const last = hits.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (current >= last ? 0 : current + 1),
      ArrowUp: () => (current <= 0 ? last : current - 1),
      PageDown: () => Math.min(last, current + 5),
      PageUp: () => Math.max(0, current - 5),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      if (hits.length) setActive(move());
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openHit(hits[current]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      input.current?.select();
    }
  };

  const terms = searchTerms(answer?.text ?? '');
  const expanded = hits.length > 0;

  return (
    <div className="search-panel" onKeyDown={onKeyDown}>
      <div className="search-field">
        <span className="search-field-icon" aria-hidden="true">
          ⌕
        </span>
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-label="Search the offline cache"
          aria-expanded={expanded}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder="Search customers, alerts, threads, messages, documents, press reports…"
          value={text}
          onChange={(event) => search(event.target.value)}
          data-testid="search-input"
        />
        {pending ? (
          <span className="spinner search-field-spinner" aria-hidden="true" />
        ) : (
          !text && (
            <kbd className="search-field-shortcut" aria-hidden="true">
              {shortcut}
            </kbd>
          )
        )}
      </div>

      <div
        ref={list}
        id={`${ids}-list`}
        className="search-list"
        role="listbox"
        aria-label="Matches"
        data-testid="search-results"
      >
        {groupHits(hits).map((group) => (
          <div
            key={group.kind}
            role="group"
            aria-labelledby={`${ids}-${group.kind}`}
            className="search-group"
            data-kind={group.kind}
          >
            <div id={`${ids}-${group.kind}`} className="search-group-title" role="presentation">
              {KIND_HEADINGS[group.kind]}
            </div>
            {group.hits.map(({ hit, index }) => {
              const route = routeFor(hit);
              return (
                <div
                  key={`${hit.kind}:${hit.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  aria-disabled={route ? undefined : true}
                  className="search-hit"
                  data-index={index}
                  data-kind={hit.kind}
                  data-id={hit.id}
                  data-testid="search-hit"
                  onMouseMove={() => {
                    if (index !== current) setActive(index);
                  }}
                  onClick={() => openHit(hit)}
                >
                  <HitTitle title={hit.title || hit.id} terms={terms} />
                  {hit.detail && <ServiceText text={hit.detail} className="search-hit-detail" />}
                </div>
              );
            })}
          </div>
        ))}
      </div>

      <Status text={text} answer={answer} failure={failure} />

      <footer className="search-footer" aria-hidden="true">
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> move
        </span>
        <span>
          <kbd>Enter</kbd> open
        </span>
        <span>
          <kbd>Esc</kbd> close
        </span>
        <span className="search-footer-scope">Searches the offline cache only</span>
      </footer>
    </div>
  );
}

/**
 * A match's title as service text (isolated, direction controls shown, cut to one line) with the
 * words that matched marked.
 */
export function HitTitle({ title, terms }: { title: string; terms: string[] }) {
  const cut = title.length > SHOWN_UP_TO;
  return (
    <bdi
      dir="auto"
      className="search-hit-title service-text clamp-1"
      title={plainServiceText(title)}
      data-testid="search-hit-title"
    >
      {highlight(cut ? title.slice(0, SHOWN_UP_TO) : title, terms).map((segment, at) =>
        segment.match ? (
          <mark key={at}>
            <ServiceTextParts text={segment.text} />
          </mark>
        ) : (
          <ServiceTextParts key={at} text={segment.text} />
        ),
      )}
      {cut && '…'}
    </bdi>
  );
}

/** What the list cannot say itself: nothing typed yet, no matches, or a failed search. */
function Status({
  text,
  answer,
  failure,
}: {
  text: string;
  answer: Answer | null;
  failure: unknown;
}) {
  if (failure !== null) {
    return (
      <div className="search-status search-status-error" role="alert">
        {errorMessage(failure)}
      </div>
    );
  }
  if (!searchTerms(text).length) {
    return (
      <div className="search-status" data-testid="search-hint">
        Type a name, an id, a subject or a file name. Words match by their beginning: “ann sm” finds
        Anna Smith.
      </div>
    );
  }
  if (answer && answer.text === text && answer.hits.length > 0) {
    return (
      <div className="visually-hidden" role="status">
        {answer.hits.length === 1 ? '1 match' : `${answer.hits.length} matches`}
      </div>
    );
  }
  if (answer && answer.text === text && answer.hits.length === 0) {
    return (
      <div className="search-status" role="status" data-testid="search-empty">
        <p className="search-status-title">No matches in the offline cache</p>
        <p>
          Try fewer or shorter words. Records the cache has not synced yet cannot be found; sync
          from the top bar to bring them in.
        </p>
      </div>
    );
  }
  return null;
}

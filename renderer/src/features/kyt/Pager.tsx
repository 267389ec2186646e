import { Button } from '../../components/Button';
import { pageText } from './kyt-filter';

/** Pages through a list the bridge reads a page at a time. */
export function Pager({
  offset,
  shown,
  total,
  pageSize,
  onOffset,
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= pageSize && offset === 0) return null;
  return (
    <nav className="kyt-pager" aria-label="Pages of submissions" data-testid="kyt-pager">
      <Button
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
        data-testid="kyt-page-previous"
      >
        Previous page
      </Button>
      <span className="kyt-muted" aria-live="polite" data-testid="kyt-page-text">
        {pageText(offset, shown, total)}
      </span>
      <Button
        disabled={offset + shown >= total}
        onClick={() => onOffset(offset + pageSize)}
        data-testid="kyt-page-next"
      >
        Next page
      </Button>
    </nav>
  );
}

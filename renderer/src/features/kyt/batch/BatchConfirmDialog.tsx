import { useId } from 'react';
import type { KytBatchView } from '../../../../../preload/contract';
import { Button } from '../../../components/Button';
import { FileName } from '../../../components/FileName';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { formatCount } from '../../../lib/format';
import { STORED_FOR_GOOD } from './batch-figures';

export type AskedAction = 'start' | 'cancel';

/**
 * Starting a batch imported to be sent later, and cancelling one, are asked first: the first sends
 * transactions the service keeps for good, the second withdraws every line not sent yet.
 */
export function BatchConfirmDialog({
  asked,
  onConfirm,
  onClose,
}: {
  asked: { batch: KytBatchView; action: AskedAction } | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const ref = useModalDialog(asked !== null);
  const batch = asked?.batch;
  const cancel = asked?.action === 'cancel';
  return (
    <dialog
      ref={ref}
      className="dialog kyt-batch-confirm"
      aria-labelledby={titleId}
      data-testid="kyt-batch-confirm"
      data-action={asked?.action}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {cancel ? 'Cancel this batch?' : 'Start sending this batch?'}
      </h2>
      {batch && (
        <div className="dialog-body" data-testid="kyt-batch-confirm-text">
          <p className="subject-box">
            <FileName name={batch.fileName} />
          </p>
          {cancel ? (
            <p>
              The {formatCount(batch.remaining)} {batch.remaining === 1 ? 'line' : 'lines'} not sent
              yet {batch.remaining === 1 ? 'is' : 'are'} withdrawn: CaseDesk will not send{' '}
              {batch.remaining === 1 ? 'it' : 'them'}, and a cancelled batch cannot be resumed.
              Lines already sent stay as they are: the service keeps them, and so does CaseDesk.
            </p>
          ) : (
            <p>
              CaseDesk sends its {formatCount(batch.remaining)}{' '}
              {batch.remaining === 1 ? 'line' : 'lines'}, one after the other in line order.{' '}
              {STORED_FOR_GOOD}
            </p>
          )}
        </div>
      )}
      <div className="dialog-actions">
        <Button onClick={onClose} autoFocus data-testid="kyt-batch-confirm-keep">
          {cancel ? 'Keep the batch' : 'Not now'}
        </Button>
        <Button
          variant={cancel ? 'danger' : 'primary'}
          onClick={onConfirm}
          data-testid="kyt-batch-confirm-go"
        >
          {cancel ? 'Cancel the batch' : 'Start sending'}
        </Button>
      </div>
    </dialog>
  );
}

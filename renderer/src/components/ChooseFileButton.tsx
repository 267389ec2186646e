import { useRef, type ReactNode } from 'react';
import type { DroppedFile } from '../lib/local-files';
import { Button } from './Button';

/** The keyboard's (and the mouse's) way to what a drop does: the system's file picker. */
export function ChooseFileButton({
  onFiles,
  accept,
  children,
  testId,
  variant = 'primary',
}: {
  onFiles: (files: DroppedFile[]) => void;
  /** File endings the picker offers first, such as `.csv`. */
  accept: readonly string[];
  children: ReactNode;
  testId: string;
  variant?: 'primary' | 'secondary';
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} onClick={() => input.current?.click()} data-testid={testId}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept.join(',')}
        hidden
        tabIndex={-1}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []).map((file) => ({
            file,
            isFolder: false,
          }));
          // Cleared so choosing the same file again (corrected meanwhile) is a change too.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

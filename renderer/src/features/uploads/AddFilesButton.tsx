import { useRef, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import type { DroppedFile } from '../../lib/local-files';

/** The keyboard's (and the mouse's) way to what a drop does: the system's file picker. */
export function AddFilesButton({
  onFiles,
  variant = 'secondary',
  children = 'Add files…',
  testId = 'add-files',
}: {
  onFiles: (files: DroppedFile[]) => void;
  variant?: 'primary' | 'secondary' | 'ghost';
  children?: ReactNode;
  testId?: string;
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
        multiple
        hidden
        tabIndex={-1}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          // A picker offers only files, never folders.
          const files = Array.from(event.target.files ?? []).map((file) => ({
            file,
            isFolder: false,
          }));
          // Cleared so picking the same file again is a change too.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

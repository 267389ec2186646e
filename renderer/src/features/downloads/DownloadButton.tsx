import type { DownloadTargetInput } from '../../../../preload/contract';

// PLACEHOLDER (being built): the download flow (warnings, folder, progress, external target).
export function DownloadButton(props: { target: DownloadTargetInput; name: string }) {
  return (
    <button type="button" disabled title={props.name}>
      Download
    </button>
  );
}

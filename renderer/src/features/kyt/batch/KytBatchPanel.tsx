// Scaffold: replaced by the batch import panel (batches with progress, import dialog).
export function KytBatchPanel() {
  return <p>Batch import is not available in this build yet.</p>;
}

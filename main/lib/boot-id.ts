import { readFileSync } from 'node:fs';
import { uptime } from 'node:os';

/**
 * Names this start of the computer. What was written but not yet flushed to disk survives
 * CaseDesk stopping, never the computer stopping: a different boot id than when it was written
 * says the unflushed part may be gone. Linux names each boot; elsewhere the boot's time, to the
 * minute, stands for it.
 */
export function currentBootId(): string {
  try {
    const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    if (id) return id;
  } catch {
    // Not Linux, or /proc not mounted: the boot's time below.
  }
  return `booted-${Math.round((Date.now() - uptime() * 1000) / 60_000)}`;
}

import { z } from 'zod';
import { method } from './define';
import { ALERT_CATEGORIES, AlertCategory } from './alerts';

/**
 * Where a profile's token is kept. `secure`: encrypted by the operating system keyring.
 * `weak`: a file readable only by this user account, not encrypted. `memory`: for this run only.
 */
export const TokenStorage = z.enum(['secure', 'weak', 'memory']);
export type TokenStorage = z.infer<typeof TokenStorage>;

const ProfileId = z
  .string()
  .regex(/^[a-z0-9-]{8,64}$/, 'A profile id is 8 to 64 characters: a-z, 0-9 and -.');

const ProfileName = z
  .string()
  .trim()
  .min(1, 'Give the profile a name.')
  .max(80, 'A profile name is at most 80 characters.')
  .refine((name) => !/\p{Cc}/u.test(name), 'A profile name cannot contain control characters.');

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The service's base URL: the spec's paths (`/api/v1/...`) are appended to it. Plain http is
 * accepted only for this computer, so a token never travels unencrypted over a network.
 */
export const BaseUrl = z
  .string()
  .trim()
  .max(2048, 'A base URL is at most 2048 characters.')
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a full URL such as https://tenant.example.com.',
      });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: 'The base URL must start with https://.' });
      return z.NEVER;
    }
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'Use https:// — a token is only sent over plain http to this computer (127.0.0.1).',
      });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'Put the token in the token field, not in the URL.',
      });
      return z.NEVER;
    }
    if (url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'The base URL cannot carry a query or a fragment.' });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });

/**
 * The origin (scheme, host, port) a stored token belongs to: it is sent there and nowhere else.
 * Null for text that is not a URL.
 */
export function tokenOrigin(baseUrl: string): string | null {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return null;
  }
}

export const Token = z
  .string()
  .trim()
  .min(1, 'Enter the API token.')
  .max(4096, 'An API token is at most 4096 characters.')
  .regex(/^[\x21-\x7e]+$/, 'An API token is printable ASCII with no spaces.');

/**
 * What a profile syncs into its cache: everything (all lists empty, no assignee), or only alerts
 * and threads of some review groups, alert states and categories, or assigned to one member.
 */
export const SyncScope = z
  .object({
    reviewGroups: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
    states: z.array(z.number().int().min(1).max(7)).max(7).default([]),
    categories: z.array(AlertCategory).max(ALERT_CATEGORIES.length).default([]),
    assignedToMemberId: z.number().int().min(0).nullable().default(null),
  })
  .strict();
export type SyncScope = z.output<typeof SyncScope>;
export const EVERYTHING: SyncScope = {
  reviewGroups: [],
  states: [],
  categories: [],
  assignedToMemberId: null,
};

/** A PEM file of extra CA certificates, for networks that inspect TLS (an absolute path). */
export const CaFile = z
  .string()
  .trim()
  .max(4096)
  .refine(
    (path) => path === '' || path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path),
    'Give the full path of the PEM file.',
  )
  .transform((path) => (path === '' ? null : path))
  .nullable();

export const SaveProfileInput = z
  .object({
    /** Absent to create a profile. */
    id: ProfileId.optional(),
    name: ProfileName,
    baseUrl: BaseUrl,
    /**
     * Required to create; absent on edit keeps the stored token, unless the base URL moves to
     * another origin: then the stored token is dropped and the profile asks for one again.
     */
    token: Token.optional(),
    tokenStorage: TokenStorage,
    /** Absent on create: everything; absent on edit: unchanged. */
    syncScope: SyncScope.optional(),
    /** Absent on edit: unchanged; null or empty: none. */
    caFile: CaFile.optional(),
  })
  .strict();
export type SaveProfileInput = z.input<typeof SaveProfileInput>;

export const ProfileRef = z.object({ id: ProfileId }).strict();

export const TestConnectionInput = z
  .object({
    /**
     * A saved profile whose stored token is used when no token is given, only against the
     * saved profile's own origin.
     */
    id: ProfileId.optional(),
    baseUrl: BaseUrl,
    token: Token.optional(),
    caFile: CaFile.optional(),
  })
  .strict()
  .refine((input) => input.id !== undefined || input.token !== undefined, {
    message: 'Enter the API token, or test a saved profile.',
    path: ['token'],
  });
export type TestConnectionInput = z.input<typeof TestConnectionInput>;

export type ConnectionOutcome =
  'ok' | 'unreachable' | 'token_refused' | 'tls_error' | 'timeout' | 'unexpected_response';

export interface ConnectionTestResult {
  outcome: ConnectionOutcome;
  /** A sentence for the investigator: what happened and what to do. */
  message: string;
  httpStatus: number | null;
  latencyMs: number;
  testedAt: string;
}

/** What the renderer may know of a profile: never the token itself. */
export interface ProfileView {
  id: string;
  name: string;
  baseUrl: string;
  tokenStorage: TokenStorage;
  /** False when the token was kept in memory by an earlier run, or its storage is unreadable. */
  hasToken: boolean;
  createdAt: string;
  updatedAt: string;
  lastTest: ConnectionTestResult | null;
  /** The built-in Sandbox profile: a demo tenant on this computer; it cannot be edited or removed. */
  builtIn: boolean;
  syncScope: SyncScope;
  /** Extra CA certificates trusted for this profile's service, or null. */
  caFile: string | null;
}

export interface SecretStorageStatus {
  /** True when the operating system keyring can encrypt tokens. */
  secureAvailable: boolean;
  /** The keyring backend as reported by the runtime, e.g. gnome_libsecret, basic_text, file. */
  backend: string;
  /** Why secure storage is not available, in words for the investigator. */
  warning: string | null;
}

export interface ProfilesState {
  profiles: ProfileView[];
  activeProfileId: string | null;
  secretStorage: SecretStorageStatus;
}

export const profilesMethods = {
  list: method<ProfilesState>()(z.undefined()),
  save: method<ProfileView>()(SaveProfileInput),
  remove: method<ProfilesState>()(ProfileRef),
  activate: method<ProfileView>()(ProfileRef),
  testConnection: method<ConnectionTestResult>()(TestConnectionInput),
};

export interface ProfilesEvents {
  'profiles.changed': { activeProfileId: string | null };
}

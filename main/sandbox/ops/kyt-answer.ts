// A KYT answer carries every member of the interface's shapes (spec, Resources: KYT transaction,
// Participant, Device, PaymentInstitution, PaymentMethod); what the client did not send is null.
import type { KytParticipant } from '../model';
import type { KytParticipantInput } from './kyt-input';

const given = <T>(value: T | null | undefined): T | null => value ?? null;

/** The participant as sent, every member present, with `real_external_id` computed. */
export function participantAnswer(
  participant: KytParticipantInput,
  realExternalId: (externalId: string) => string,
): KytParticipant {
  const device = participant.device ?? {};
  const institution = participant.payment_institution ?? {};
  const method = participant.payment_method ?? {};
  return {
    account_type: given(participant.account_type),
    device: {
      '2fa': given(device['2fa']),
      '3ds': given(device['3ds']),
      country: given(device.country),
      fingerprint: given(device.fingerprint),
      geolocation: given(device.geolocation),
      ip: given(device.ip),
      language: given(device.language),
      session_duration: given(device.session_duration),
      session_id: given(device.session_id),
      user_agent: given(device.user_agent),
    },
    domicile_code: given(participant.domicile_code),
    external_id: given(participant.external_id),
    full_name: given(participant.full_name),
    payment_institution: {
      code: given(institution.code),
      country: given(institution.country),
      external_id: given(institution.external_id),
      internal_customer_id: given(institution.internal_customer_id),
      name: given(institution.name),
      real_external_id: institution.external_id ? realExternalId(institution.external_id) : null,
    },
    payment_method: {
      code: given(method.code),
      country: given(method.country),
      type: given(method.type),
    },
  };
}

/** What the rules read of a participant; absent and null members alike are left out. */
export function ruleFacts(participant: KytParticipantInput) {
  const device = participant.device;
  const defined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;
  return {
    external_id: defined(participant.external_id),
    full_name: defined(participant.full_name),
    domicile_code: defined(participant.domicile_code),
    account_type: defined(participant.account_type),
    device: device
      ? {
          ip: defined(device.ip),
          country: defined(device.country),
          '2fa': defined(device['2fa']),
          '3ds': defined(device['3ds']),
          session_duration: defined(device.session_duration),
          fingerprint: defined(device.fingerprint),
        }
      : undefined,
    payment_institution: participant.payment_institution
      ? {
          country: defined(participant.payment_institution.country),
          code: defined(participant.payment_institution.code),
        }
      : undefined,
    payment_method: participant.payment_method
      ? {
          type: defined(participant.payment_method.type),
          country: defined(participant.payment_method.country),
        }
      : undefined,
  };
}

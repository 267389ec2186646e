import { AppError } from '../lib/app-error';
import { checkDownloadFolder, type ProfileSettingsStore } from './profile-settings';

/**
 * The profile's download folder, checked, where a result file (a KYT batch's, a customer import's)
 * is written; refused with what to do when none is chosen or it cannot be used.
 */
export async function resultFolder(
  settings: Pick<ProfileSettingsStore, 'get'>,
  profileFolder: string,
): Promise<string> {
  const { downloadFolder } = await settings.get(profileFolder);
  if (downloadFolder === null)
    throw new AppError(
      'invalid_input',
      'Choose a folder for downloads in settings, then save the result file again.',
    );
  try {
    return await checkDownloadFolder(downloadFolder);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(
      'invalid_input',
      `The download folder cannot be used: ${error.message} Choose another in settings, then save the result file again.`,
    );
  }
}

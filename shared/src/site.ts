/** The site's name and its operator's, as the screens, the e-mails and the share pages write them. */
export const siteName = 'ゴルフドリームチーム';
export const operatorName = `${siteName}運営事務局`;

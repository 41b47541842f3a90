// The account area's downloads: the page of the company's downloadable products' files, and where the browser
// fetches one with a signed link (the page's session: a link cannot carry the API's Authorization header).

export const downloadsPath = '/my-account/downloads';

/** A signed link's token as the account pages use it (the API's own is /api/download/{token}). */
export const accountDownloadPath = (token: string) => `${downloadsPath}/${token}`;

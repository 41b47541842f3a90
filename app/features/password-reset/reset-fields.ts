// The fields of the /reset form besides the token, in form order: the API's newPassword and its repetition.
export const resetFields = ['newPassword', 'newPasswordRepeat'] as const;
export type ResetField = (typeof resetFields)[number];

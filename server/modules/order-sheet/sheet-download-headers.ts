// How an order-sheet file is answered (the personalised sheet, the corrections), the same by the API and the
// page's download routes: an XLSX download with its file name, never kept by a shared cache (it is one
// buyer's list and prices).

export function sheetDownloadHeaders(file: { fileName: string }): Record<string, string> {
  return {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'cache-control': 'private, no-store',
  };
}

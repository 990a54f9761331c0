/** What routes use of the downloads (app/services/downloads/, docs/content.md). */
export { downloadFile } from "./file.server";
export { loadDownloadCategory, loadDownloadTree } from "./pages.server";

// Which uploaded files the browser may show itself (docs/decisions/022-document-viewer.md): PDFs in its
// PDF viewer, PNG and JPEG as images. Everything else (DOC, DOCX) is only ever a download.
// Keyed by the type the upload check detected from the content, never by the name or the claimed MIME type.

export type ViewerKind = "pdf" | "image";

const VIEWER_KINDS: Readonly<Record<string, ViewerKind>> = { pdf: "pdf", png: "image", jpg: "image" };

/** How a file opens inline, or null when it is offered as a download only. */
export function viewerKind(detectedType: string): ViewerKind | null {
  return VIEWER_KINDS[detectedType] ?? null;
}

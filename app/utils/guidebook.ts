/** The navbar's 'BUKU PANDUAN' (spec §2): the Admin's upload from /master-cms, else the bundled PDF under public/. */
export const GUIDEBOOK_PATH = "/template-docs/buku-panduan-adaptasi-nakes-lln.pdf";

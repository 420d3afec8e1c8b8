/** Product imports' settings (AppConfig.productImport). */
export interface ProductImportConfig {
  /** IMPORT_FETCH_ALLOW: hosts pictures may come from although not public. */
  fetchAllow?: string;
  /** One picture's time-out (15 s when omitted). */
  pictureTimeoutMs?: number;
}

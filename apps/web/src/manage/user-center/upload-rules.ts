export interface UploadRules {
  /** Allowed extensions, lower case, without the dot. */
  fileTypes: readonly string[];
  maxSizeMB: number;
  /** How many files the field holds at most. */
  limit: number;
}

/** Spec §5 defaults. */
export const DEFAULT_UPLOAD_RULES: UploadRules = {
  fileTypes: ['doc', 'xls', 'ppt', 'txt', 'pdf'],
  maxSizeMB: 5,
  limit: 5,
};

/**
 * Why a file may not be uploaded (spec §5 messages), or null when it may. `countBefore` is how
 * many files the field already holds or is uploading.
 */
export function uploadProblem(file: { name: string; size: number }, rules: UploadRules, countBefore: number) {
  if (countBefore >= rules.limit) return `上传文件数量不能超过${rules.limit}个`;
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!rules.fileTypes.includes(extension)) return `文件格式不正确，请上传${rules.fileTypes.join('/')}格式文件`;
  if (file.size > rules.maxSizeMB * 1024 * 1024) return `上传文件大小不能超过${rules.maxSizeMB}MB`;
  return null;
}

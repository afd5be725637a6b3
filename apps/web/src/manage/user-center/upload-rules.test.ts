import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_RULES, uploadProblem } from './upload-rules';

const MB = 1024 * 1024;

describe('uploadProblem with the default rules', () => {
  it.each(['report.doc', 'sheet.xls', 'slides.ppt', 'notes.txt', 'contract.pdf', 'CONTRACT.PDF'])(
    'accepts %s',
    (name) => {
      expect(uploadProblem({ name, size: 1024 }, DEFAULT_UPLOAD_RULES, 0)).toBeNull();
    },
  );

  it.each(['photo.png', 'setup.exe', 'report.docx', 'no-extension'])('refuses the format of %s', (name) => {
    expect(uploadProblem({ name, size: 1024 }, DEFAULT_UPLOAD_RULES, 0)).toBe(
      '文件格式不正确，请上传doc/xls/ppt/txt/pdf格式文件',
    );
  });

  it('accepts exactly 5 MB and refuses a byte more', () => {
    expect(uploadProblem({ name: 'a.pdf', size: 5 * MB }, DEFAULT_UPLOAD_RULES, 0)).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: 5 * MB + 1 }, DEFAULT_UPLOAD_RULES, 0)).toBe('上传文件大小不能超过5MB');
  });

  it('refuses a sixth file', () => {
    expect(uploadProblem({ name: 'a.pdf', size: 1 }, DEFAULT_UPLOAD_RULES, 4)).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: 1 }, DEFAULT_UPLOAD_RULES, 5)).toBe('上传文件数量不能超过5个');
  });
});

describe('uploadProblem with other rules', () => {
  it('uses the given types, size and count in its messages', () => {
    const rules = { fileTypes: ['png', 'pdf'], maxSizeMB: 2, limit: 1 };
    expect(uploadProblem({ name: 'a.doc', size: 1 }, rules, 0)).toBe('文件格式不正确，请上传png/pdf格式文件');
    expect(uploadProblem({ name: 'a.png', size: 3 * MB }, rules, 0)).toBe('上传文件大小不能超过2MB');
    expect(uploadProblem({ name: 'a.png', size: 1 }, rules, 1)).toBe('上传文件数量不能超过1个');
  });
});

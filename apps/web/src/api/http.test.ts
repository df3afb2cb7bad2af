import { FIRMWARE_PATHS, FLIGHT_LOG_DOWNLOAD_PATH } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { apiUrl, dispositionName } from './http.ts';

describe('apiUrl', () => {
  it('puts a relative path under /api, and takes a domain path constant as it is', () => {
    expect(apiUrl('drone/mointor/manage/x')).toBe('/api/drone/mointor/manage/x');
    expect(apiUrl('/drone/x', { a: 1, b: undefined })).toBe('/api/drone/x?a=1');
    expect(apiUrl(FIRMWARE_PATHS.dronekey, { droneId: 'D-1' })).toBe('/api/firmware/dronekey?droneId=D-1');
    expect(apiUrl(FLIGHT_LOG_DOWNLOAD_PATH)).toBe('/api/drone/device/manage/history/flightlog');
  });
});

describe('dispositionName', () => {
  it('reads filename* (RFC 6266) before filename, and null without one', () => {
    expect(dispositionName('attachment; filename="agrifleet-k1.pem"')).toBe('agrifleet-k1.pem');
    expect(dispositionName('attachment; filename="a.pem"; filename*=UTF-8\'\'%E5%9B%BA%E4%BB%B6.bin')).toBe(
      '固件.bin',
    );
    expect(dispositionName('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(dispositionName('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="x.bin"')).toBe('x.bin');
    expect(dispositionName('attachment')).toBeNull();
    expect(dispositionName(null)).toBeNull();
  });
});

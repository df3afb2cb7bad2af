import { FIRMWARE_PATHS, FLIGHT_LOG_DOWNLOAD_PATH } from '@agrifleet/domain';
import { describe, expect, it } from 'vitest';
import { apiUrl } from './http.ts';

describe('apiUrl', () => {
  it('puts a relative path under /api, and takes a domain path constant as it is', () => {
    expect(apiUrl('drone/mointor/manage/x')).toBe('/api/drone/mointor/manage/x');
    expect(apiUrl('/drone/x', { a: 1, b: undefined })).toBe('/api/drone/x?a=1');
    expect(apiUrl(FIRMWARE_PATHS.dronekey, { droneId: 'D-1' })).toBe('/api/firmware/dronekey?droneId=D-1');
    expect(apiUrl(FLIGHT_LOG_DOWNLOAD_PATH)).toBe('/api/drone/device/manage/history/flightlog');
  });
});

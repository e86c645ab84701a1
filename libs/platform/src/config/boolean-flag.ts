import { z } from 'zod';

/** A yes/no environment setting: `true`, `1` or `yes` turn it on; `false`, `0` or `no` turn it off. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

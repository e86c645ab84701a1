import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** Every refresh token a session was given; a replaced one is kept so that its reuse is recognised as theft. */
@Entity({ name: 'refresh_tokens' })
@Index('refresh_tokens_session_id', ['sessionId'])
export class RefreshTokenEntity {
  /** SHA-256 of the token; the token itself is never stored. */
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 64 })
  sessionId!: string;

  /** When this token stops working if it is not used: the sliding idle limit, capped by the session's end. */
  @Column({ name: 'expires_at', type: Date })
  expiresAt!: Date;

  @Column({ name: 'replaced_at', type: Date, nullable: true })
  replacedAt!: Date | null;

  /**
   * The hash of the token that replaced this one; null while unreplaced, and
   * for a successor voided by a retry (its answer never reached the device).
   */
  @Column({ name: 'replaced_by', type: 'varchar', length: 64, nullable: true })
  replacedBy!: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

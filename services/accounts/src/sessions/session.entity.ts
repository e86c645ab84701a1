import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type SignInMethod = 'EMAIL' | 'DEVICE';
export type SessionEndReason = 'SIGNED_OUT' | 'SIGNED_OUT_ALL' | 'REUSED' | 'UNLINKED';

/** One sign-in and every refresh that followed it: the "family" a stolen refresh token belongs to. */
@Entity({ name: 'sessions' })
@Index('sessions_player_id', ['playerId', 'id'])
export class SessionEntity {
  /** Time-ordered, so a player's sessions page newest first by id. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  @Column({ type: 'varchar', length: 16 })
  method!: SignInMethod;

  @Column({ name: 'device_id', type: 'varchar', length: 64, nullable: true })
  deviceId!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  label!: string | null;

  @Column({ name: 'last_used_at', type: Date })
  lastUsedAt!: Date;

  /** The absolute end: refreshing never carries a session past it. */
  @Column({ name: 'expires_at', type: Date })
  expiresAt!: Date;

  @Column({ name: 'ended_at', type: Date, nullable: true })
  endedAt!: Date | null;

  @Column({ name: 'end_reason', type: 'varchar', length: 16, nullable: true })
  endReason!: SessionEndReason | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

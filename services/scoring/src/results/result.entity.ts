import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One submitted play of a scored game: every result is kept here, and every board is rebuilt from here. */
@Entity({ name: 'results' })
export class ResultEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'game_id', type: 'varchar', length: 64 })
  gameId!: string;

  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  @Column({ name: 'client_submission_id', type: 'varchar', length: 64 })
  clientSubmissionId!: string;

  /** sha256 of the submitted input, so a reused submission id with other content is told apart from a retry. */
  @Column({ name: 'input_hash', type: 'varchar', length: 64 })
  inputHash!: string;

  /** The game's own fields of the result (JSON), as its scoring's `result` schema gives them: what boards rank it under and show of it. */
  @Column({ name: 'game_fields', type: 'text' })
  gameFields!: string;

  @Column({ type: 'boolean' })
  victory!: boolean;

  /** Null for a defeat: defeats are recorded and score nothing. */
  @Column({ type: 'integer', nullable: true })
  score!: number | null;

  @Column({ type: 'boolean' })
  verified!: boolean;

  /** The submission as given (JSON), so a rescore can run the rules again. */
  @Column({ type: 'text' })
  input!: string;

  /** The score breakdown (JSON); null for a defeat. */
  @Column({ type: 'text', nullable: true })
  breakdown!: string | null;

  /**
   * The campaign whose record the result was scored from; null for a result
   * the players reported card by card. Unique per game: a campaign scores once.
   */
  @Column({ name: 'campaign_id', type: 'varchar', length: 80, nullable: true })
  campaignId!: string | null;

  @Column({ name: 'challenge_id', type: 'varchar', length: 64, nullable: true })
  challengeId!: string | null;

  @Column({ name: 'score_version', type: 'varchar', length: 64 })
  scoreVersion!: string;

  @Column({ name: 'hidden_at', type: Date, nullable: true })
  hiddenAt!: Date | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

/** A result whose board entries may not have reached Redis yet; written in the result's own transaction. */
@Entity({ name: 'board_outbox' })
export class BoardOutboxEntity {
  @PrimaryColumn({ name: 'result_id', type: 'varchar', length: 64 })
  resultId!: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

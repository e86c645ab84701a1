import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One submitted Zone Survival game: Postgres holds every result, and every board is rebuilt from here. */
@Entity({ name: 'zs_results' })
export class ZoneSurvivalResultEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  @Column({ name: 'client_submission_id', type: 'varchar', length: 64 })
  clientSubmissionId!: string;

  /** sha256 of the submitted input, so a reused submission id with other content is told apart from a retry. */
  @Column({ name: 'input_hash', type: 'varchar', length: 64 })
  inputHash!: string;

  @Column({ name: 'scenario_id', type: 'varchar', length: 128 })
  scenarioId!: string;

  @Column({ name: 'map_id', type: 'varchar', length: 128 })
  mapId!: string;

  @Column({ name: 'stalker_count', type: 'integer' })
  stalkerCount!: number;

  @Column({ name: 'rounds_played', type: 'integer' })
  roundsPlayed!: number;

  @Column({ type: 'boolean' })
  victory!: boolean;

  /** Null for a defeat: defeats are recorded and score nothing. */
  @Column({ type: 'integer', nullable: true })
  score!: number | null;

  @Column({ type: 'boolean' })
  verified!: boolean;

  /** The submission as given (JSON), so a rescore can run the engine again. */
  @Column({ type: 'text' })
  input!: string;

  /** The score breakdown (JSON); null for a defeat. */
  @Column({ type: 'text', nullable: true })
  breakdown!: string | null;

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
@Entity({ name: 'zs_board_outbox' })
export class BoardOutboxEntity {
  @PrimaryColumn({ name: 'result_id', type: 'varchar', length: 64 })
  resultId!: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}

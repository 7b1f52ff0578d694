//! Writes sent with an idempotency key. The actor is where "has this key
//! been used?" can be answered without a race: it alone changes the
//! workspace, one message at a time. So it checks the key, decides the
//! write, and has the caller's answer written from the state right after
//! the write, on its own thread, because the answer goes into the same log
//! record as the write (`Event::Idempotent`). A retry then finds:
//!
//! - the write still waiting for the log: `IdempotencyKeyInUse`;
//! - the write published, same request: its answer again, byte for byte;
//! - the write published, another request: `IdempotencyKeyReused`.
//!
//! A write that fails (a domain refusal, a storage error) records nothing,
//! so a retry with its key is decided afresh.

use actix::{Context, Handler, Message, ResponseFuture};
use tokio::sync::oneshot;

use super::{WorkspaceActor, WriteError};
use crate::domain::commands::{Command, DecideContext};
use crate::domain::error::DomainError;
use crate::domain::event::{Event, IdempotentWrite};
use crate::domain::idempotency::{IdempotencyClaim, IdempotencyRecord, Remembered, StoredAnswer};
use crate::domain::workspace::Workspace;

/// Writes the caller's answer from the state right after the write.
pub type AnswerWriter<Output> = Box<dyn FnOnce(&Workspace, Output) -> StoredAnswer + Send>;

/// A write for the actor to carry out at most once per idempotency key.
pub struct ExecuteIdempotent<C: Command> {
    pub command: C,
    pub claim: IdempotencyClaim,
    pub answer: AnswerWriter<C::Output>,
}

/// The answer to send: made by this request, or remembered from the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdempotentOutcome {
    Answered(StoredAnswer),
    Replayed(StoredAnswer),
}

impl<C> Message for ExecuteIdempotent<C>
where
    C: Command + Send + 'static,
    C::Output: Send + 'static,
{
    type Result = Result<IdempotentOutcome, WriteError>;
}

impl<C> Handler<ExecuteIdempotent<C>> for WorkspaceActor
where
    C: Command + Send + 'static,
    C::Output: Send + 'static,
{
    type Result = ResponseFuture<Result<IdempotentOutcome, WriteError>>;

    fn handle(&mut self, write: ExecuteIdempotent<C>, context: &mut Self::Context) -> Self::Result {
        let (sender, receiver) = oneshot::channel();
        self.submit_idempotent(write, context, move |result| {
            let _ = sender.send(result);
        });
        Box::pin(async move { receiver.await.unwrap_or(Err(WriteError::ActorStopped)) })
    }
}

impl WorkspaceActor {
    fn submit_idempotent<C: Command + 'static>(
        &mut self,
        write: ExecuteIdempotent<C>,
        context: &mut Context<Self>,
        reply: impl FnOnce(Result<IdempotentOutcome, WriteError>) + 'static,
    ) {
        if let Some(failure) = &self.storage_failure {
            return reply(Err(WriteError::Journal(failure.clone())));
        }
        let ExecuteIdempotent { command, claim, answer } = write;
        let now = self.services.clock.now();
        let scope = claim.scope();
        match self.working.idempotency.remembered(&claim, now) {
            Remembered::Nothing => {}
            _ if self.keys_in_flight.contains(&scope) => {
                return reply(Err(DomainError::IdempotencyKeyInUse(format!(
                    "a request with Idempotency-Key {:?} is still in progress; retry once it has been answered",
                    claim.key.as_str()
                ))
                .into()));
            }
            Remembered::SameRequest(record) => return reply(Ok(IdempotentOutcome::Replayed(record.answer.clone()))),
            Remembered::OtherRequest(_) => {
                return reply(Err(DomainError::IdempotencyKeyReused(format!(
                    "Idempotency-Key {:?} was already used for another request (another route, application or body); use a new key for a new request",
                    claim.key.as_str()
                ))
                .into()));
            }
        }
        let events = match command.decide(&self.working, &mut DecideContext { now, rng: &mut self.rng }) {
            Ok(events) => events,
            Err(error) => return reply(Err(error.into())),
        };
        for event in &events {
            self.working.apply(event);
        }
        let output = match command.respond(&self.working, &events) {
            Ok(output) => output,
            // The write happened but has no answer to remember: log it as
            // an unkeyed write would be, and tell the caller.
            Err(error) => {
                let records = match events.iter().map(|event| self.encode(event)).collect() {
                    Ok(records) => records,
                    Err(journal_error) => {
                        self.rebuild_working();
                        return reply(Err(WriteError::Journal(journal_error)));
                    }
                };
                let reply = Box::new(move |result: Result<(), WriteError>| reply(result.and(Err(error.into()))));
                return self.enqueue(events, records, None, reply, context);
            }
        };
        let answered = answer(&self.working, output);
        let record = IdempotencyRecord {
            api_key: claim.api_key,
            key: claim.key,
            fingerprint: claim.fingerprint,
            answer: answered.clone(),
            at: now,
        };
        let keyed = Event::Idempotent(Box::new(IdempotentWrite { effects: events, record: record.clone() }));
        let encoded = match self.encode(&keyed) {
            Ok(encoded) => encoded,
            // Its effects are already in `working`; nothing of it may stay.
            Err(error) => {
                self.rebuild_working();
                return reply(Err(WriteError::Journal(error)));
            }
        };
        self.working.idempotency.remember(record);
        let reply = Box::new(move |result: Result<(), WriteError>| {
            reply(result.map(|()| IdempotentOutcome::Answered(answered)))
        });
        self.enqueue(vec![keyed], vec![encoded], Some(scope), reply, context);
    }
}

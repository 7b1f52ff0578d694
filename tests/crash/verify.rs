//! Reading the workspace back after a restart, and checking it against the model, one invariant at a time.

use crate::*;

pub(crate) struct ApplicationFound {
    pub(crate) detail: Value,
    pub(crate) comments: Vec<Value>,
}

/// Everything the checks need, read after a restart while nothing writes.
pub(crate) struct Found {
    pub(crate) job: Value,
    pub(crate) listed: Vec<Value>,
    pub(crate) per_stage_totals: BTreeMap<String, u64>,
    pub(crate) applications: BTreeMap<String, ApplicationFound>,
    pub(crate) notifications: Vec<Value>,
    pub(crate) keys: Vec<Value>,
}

pub(crate) async fn read_back(api: &Api, job_id: &str, stages: &[String]) -> Result<Found, String> {
    let job = api.v1(&format!("/api/v1/jobs/{job_id}")).await?;
    let listed = api
        .all_pages(&format!("/api/v1/jobs/{job_id}/applications?sort=created-asc"), "applications", Auth::Key(&api.key))
        .await?;
    let mut per_stage_totals = BTreeMap::new();
    for stage in stages {
        let page = api.v1(&format!("/api/v1/jobs/{job_id}/applications?stage={stage}&limit=1")).await?;
        let total = page["pagination"]["total"].as_u64().ok_or("a stage listing without pagination.total")?;
        per_stage_totals.insert(stage.clone(), total);
    }
    let ids: Vec<String> = listed.iter().filter_map(|item| item["id"].as_str().map(str::to_owned)).collect();
    let fetched: Vec<Result<(String, ApplicationFound), String>> = futures_util::stream::iter(ids)
        .map(|id| async move {
            let detail = api.v1(&format!("/api/v1/applications/{id}")).await?;
            let comments =
                api.all_pages(&format!("/api/v1/applications/{id}/comments"), "comments", Auth::Key(&api.key)).await?;
            Ok((id, ApplicationFound { detail, comments }))
        })
        .buffer_unordered(VERIFY_CONCURRENCY)
        .collect()
        .await;
    let applications = fetched.into_iter().collect::<Result<BTreeMap<_, _>, String>>()?;
    let notifications =
        api.all_pages(&format!("/api/orgs/{ORG}/notifications"), "notifications", Auth::Bearer(&api.token)).await?;
    let keys = api.read(&format!("/api/orgs/{ORG}/api-keys"), Auth::Bearer(&api.token)).await?;
    let keys = keys["keys"].as_array().cloned().ok_or("the key listing has no `keys`")?;
    Ok(Found { job, listed, per_stage_totals, applications, notifications, keys })
}

pub(crate) fn tag_map(tags: &Value) -> Option<BTreeMap<String, String>> {
    tags.as_array()?
        .iter()
        .map(|tag| Some((tag["name"].as_str()?.to_owned(), tag["color"].as_str()?.to_owned())))
        .collect()
}

pub(crate) fn paragraphs(text: &str) -> Vec<&str> {
    text.lines().map(str::trim_end).filter(|line| !line.trim().is_empty()).collect()
}

/// Is `part` a subsequence of `whole`?
pub(crate) fn is_subsequence(part: &[String], whole: &[String]) -> bool {
    let mut remaining = whole.iter();
    part.iter().all(|wanted| remaining.any(|candidate| candidate == wanted))
}

/// What one verification checked.
#[derive(Default)]
pub(crate) struct Verified {
    pub(crate) applications: usize,
    pub(crate) comments: usize,
    pub(crate) tags: usize,
    pub(crate) runs: u64,
}

/// The failures of one verification, each a sentence naming what broke.
type Failures = Vec<String>;

/// Compares what was read back with the model, invariant by invariant, then
/// resolves every pending write by what was found, so the model is exact
/// for the next cycle. Returns the failures (empty when all holds).
pub(crate) fn check_and_resolve(
    model: &mut Model,
    found: &Found,
    initial_job: &Value,
    job_id: &str,
    key_id: &str,
) -> (Failures, Verified) {
    let mut failures = Vec::new();
    let mut verified = Verified::default();
    check_job_unchanged(&found.job, initial_job, &mut failures);
    let listed = check_listing(model, found, &mut failures);

    let stage_ids: Vec<&str> =
        found.job["stages"].as_array().into_iter().flatten().filter_map(|s| s["id"].as_str()).collect();
    let mut per_stage: BTreeMap<String, u64> = BTreeMap::new();
    let mut comment_ids: BTreeSet<String> = BTreeSet::new();
    let mut runs_total = 0;
    let mut resolved_applied: u64 = 0;
    for (id, application) in &mut model.applications {
        let (Some(item), Some(found_application)) = (listed.get(id.as_str()), found.applications.get(id)) else {
            continue;
        };
        let detail = &found_application.detail;
        let mut failed = Vec::new();
        check_application_as_sent(application, item, detail, job_id, &mut failed);
        resolved_applied += check_stage(application, detail, &stage_ids, &mut failed);
        *per_stage.entry(application.stage.clone()).or_default() += 1;
        resolved_applied += check_tags(application, detail, &mut failed);
        let thread = &found_application.comments;
        resolved_applied += check_comments(application, id, detail, thread, &mut comment_ids, &mut failed);
        resolved_applied += check_runs(application, detail, &mut failed);
        failures.extend(failed.into_iter().map(|failure| format!("application {id}: {failure}")));

        verified.applications += 1;
        verified.tags += application.tags.len();
        verified.comments += application.comments.len();
        verified.runs += application.runs;
        runs_total += application.runs;
    }
    model.unanswered_found_applied += resolved_applied;

    check_stage_indexes(&found.per_stage_totals, &per_stage, &mut failures);
    check_envelope(&found.job, runs_total, &mut failures);
    let comments_total: usize = model.applications.values().map(|application| application.comments.len()).sum();
    check_notifications(&found.notifications, comments_total, &comment_ids, &mut failures);
    check_key_active(&found.keys, key_id, &mut failures);
    model.seen_application_ids.clear();
    (failures, verified)
}

/// The job's own fields are never touched by the workload.
fn check_job_unchanged(job: &Value, initial_job: &Value, failures: &mut Failures) {
    for field in STABLE_JOB_FIELDS {
        if job[field] != initial_job[field] {
            failures.push(format!("job field `{field}` changed: {} (was {})", job[field], initial_job[field]));
        }
    }
}

/// The listing against the job's count and the model: every acknowledged
/// application and every one a reader saw is listed, and every listed one
/// was sent (an unanswered intake found listed joins the model). Returns
/// the listing by ID.
fn check_listing<'a>(model: &mut Model, found: &'a Found, failures: &mut Failures) -> BTreeMap<&'a str, &'a Value> {
    let listed: BTreeMap<&str, &Value> =
        found.listed.iter().filter_map(|item| Some((item["id"].as_str()?, item))).collect();
    if listed.len() != found.listed.len() {
        failures.push(format!(
            "the listing names {} applications but only {} distinct ids",
            found.listed.len(),
            listed.len()
        ));
    }
    if found.job["applicationCount"].as_u64() != Some(found.listed.len() as u64) {
        failures.push(format!(
            "the job's applicationCount is {} but {} applications are listed",
            found.job["applicationCount"],
            found.listed.len()
        ));
    }
    for (id, item) in &listed {
        if model.applications.contains_key(*id) {
            continue;
        }
        let name = item["candidateName"].as_str().unwrap_or_default();
        match model.intakes_pending.remove(name) {
            Some(candidate) => {
                model.unanswered_found_applied += 1;
                model.add_application((*id).to_owned(), candidate);
            }
            None => failures.push(format!(
                "application {id} ({name}) is there, but no client sent it, or its unanswered intake was found \
                 missing after an earlier restart"
            )),
        }
    }
    model.intakes_pending.clear();
    for id in model.applications.keys() {
        if !listed.contains_key(id.as_str()) {
            failures.push(format!("acknowledged application {id} is missing from the listing"));
        }
    }
    for id in &model.seen_application_ids {
        if !listed.contains_key(id.as_str()) {
            failures.push(format!("application {id} was seen by a reader before the kill and is gone"));
        }
    }
    listed
}

/// The application is the one that was sent, and its list item agrees with its detail.
fn check_application_as_sent(
    application: &ApplicationModel,
    item: &Value,
    detail: &Value,
    job_id: &str,
    failures: &mut Failures,
) {
    if detail["candidateName"] != application.candidate.name.as_str()
        || detail["email"] != application.candidate.email.as_str()
        || detail["jobId"] != job_id
        || detail["status"] != "active"
    {
        failures.push(format!("candidate, job or status differ from what was sent: {detail}"));
    }
    if detail["resumeFile"]["sizeBytes"].as_u64() != Some(application.candidate.resume_bytes as u64) {
        failures.push(format!(
            "resumeFile {} does not hold the {}-byte resume that was sent",
            detail["resumeFile"], application.candidate.resume_bytes
        ));
    }
    for field in ["candidateName", "jobStageId", "tags"] {
        if item[field] != detail[field] {
            failures.push(format!("list item `{field}` {} differs from the detail's {}", item[field], detail[field]));
        }
    }
    if detail["pipeline"]["state"] == "failed" {
        failures.push(format!("its pipeline failed: {}", detail["pipeline"]));
    }
}

/// The stage is the last acknowledged move, or a later unanswered one.
/// Returns how many unanswered moves were found applied.
fn check_stage(application: &mut ApplicationModel, detail: &Value, stage_ids: &[&str], failures: &mut Failures) -> u64 {
    let stage = detail["stage"]["id"].as_str().unwrap_or_default().to_owned();
    let position = stage_ids.iter().position(|known| *known == stage);
    if detail["jobStageId"] != stage.as_str()
        || position.is_none()
        || detail["stage"]["position"].as_u64() != position.map(|p| p as u64)
    {
        failures
            .push(format!("stage {} / jobStageId {} is not a stage of its job", detail["stage"], detail["jobStageId"]));
    }
    let mut resolved_applied = 0;
    if stage != application.stage {
        if application.stage_pending.contains(&stage) {
            resolved_applied += 1;
        } else {
            failures.push(format!(
                "stage is {stage}; the last acknowledged move was to {} (unanswered moves: {:?})",
                application.stage, application.stage_pending
            ));
        }
    }
    application.stage = stage;
    application.stage_pending.clear();
    resolved_applied
}

/// Every acknowledged tag is there, only tags that were sent are, and every
/// tag a reader saw survived. Returns how many unanswered tags were found.
fn check_tags(application: &mut ApplicationModel, detail: &Value, failures: &mut Failures) -> u64 {
    let tags = tag_map(&detail["tags"]).unwrap_or_default();
    for (name, colour) in &application.tags {
        if tags.get(name) != Some(colour) {
            failures.push(format!("acknowledged tag {name} ({colour}) is missing or recoloured: {}", detail["tags"]));
        }
    }
    let mut resolved_applied = 0;
    for (name, colour) in &tags {
        if application.tags.contains_key(name) {
            continue;
        }
        if application.tags_pending.get(name) == Some(colour) {
            resolved_applied += 1;
        } else {
            failures.push(format!("tag {name} ({colour}) is there but was never sent, or was found missing before"));
        }
    }
    for name in &application.seen_tags {
        if !tags.contains_key(name) {
            failures.push(format!("tag {name} was seen by a reader before the kill and is gone"));
        }
    }
    application.tags = tags;
    application.tags_pending.clear();
    resolved_applied
}

/// The thread holds the acknowledged comments in order, then some of the
/// unanswered ones; each is well formed with a unique ID, `commentCount`
/// agrees, and every comment a reader saw survived. Returns how many
/// unanswered comments were found.
fn check_comments(
    application: &mut ApplicationModel,
    id: &str,
    detail: &Value,
    thread: &[Value],
    comment_ids: &mut BTreeSet<String>,
    failures: &mut Failures,
) -> u64 {
    if detail["commentCount"].as_u64() != Some(thread.len() as u64) {
        failures.push(format!("commentCount is {} but the thread holds {}", detail["commentCount"], thread.len()));
    }
    let texts: Vec<String> =
        thread.iter().map(|comment| comment["text"].as_str().unwrap_or_default().to_owned()).collect();
    for comment in thread {
        let text = comment["text"].as_str().unwrap_or_default();
        let expected_paragraphs = json!(paragraphs(text));
        let comment_id = comment["id"].as_str().unwrap_or_default().to_owned();
        if comment["applicationId"] != id
            || comment["source"] != "assistant_plugin"
            || comment["author"]["userId"] != OWNER
            || comment["paragraphs"] != expected_paragraphs
            || !comment_id.starts_with("cmt_")
            || !comment_ids.insert(comment_id)
        {
            failures.push(format!("comment is malformed or its id is not unique: {comment}"));
        }
    }
    let acknowledged = application.comments.len();
    let mut resolved_applied = 0;
    if texts.len() < acknowledged || texts[..acknowledged] != application.comments[..] {
        let missing: Vec<&str> = application
            .comments
            .iter()
            .filter(|text| !texts.contains(text))
            .map(|text| text.split(':').next().unwrap_or_default())
            .collect();
        failures.push(format!(
            "the thread does not start with the {acknowledged} acknowledged comments in order \
             (missing: {missing:?}; found {} comments)",
            texts.len()
        ));
    } else if !is_subsequence(&texts[acknowledged..], &application.comments_pending) {
        failures.push(format!(
            "comments after the acknowledged ones were never sent in full, or were found missing before: {:?}",
            texts[acknowledged..].iter().map(|text| text.chars().take(40).collect::<String>()).collect::<Vec<_>>()
        ));
    } else {
        resolved_applied += (texts.len() - acknowledged) as u64;
    }
    for text in &application.seen_comments {
        if !texts.contains(text) {
            failures
                .push(format!("comment {:?} was seen by a reader before the kill and is gone", text.split(':').next()));
        }
    }
    application.comments = texts;
    application.comments_pending.clear();
    resolved_applied
}

/// Pipeline runs: 1 + every acknowledged rerun, + some of the unanswered
/// ones, and never fewer than a reader saw. Returns how many unanswered
/// reruns were found.
fn check_runs(application: &mut ApplicationModel, detail: &Value, failures: &mut Failures) -> u64 {
    let runs = detail["pipeline"]["run"].as_u64().unwrap_or(0);
    let mut resolved_applied = 0;
    if runs < application.runs || runs > application.runs + application.runs_pending {
        failures.push(format!(
            "pipeline run is {runs}; acknowledged runs {}, unanswered reruns {}",
            application.runs, application.runs_pending
        ));
    } else {
        resolved_applied += runs - application.runs;
    }
    if runs < application.seen_runs {
        failures.push(format!("pipeline run is {runs} but a reader saw run {} before the kill", application.seen_runs));
    }
    application.runs = runs;
    application.runs_pending = 0;
    resolved_applied
}

/// The per-stage indexes agree with the applications' own stages.
fn check_stage_indexes(totals: &BTreeMap<String, u64>, counted: &BTreeMap<String, u64>, failures: &mut Failures) {
    for (stage, total) in totals {
        let counted = counted.get(stage).copied().unwrap_or(0);
        if *total != counted {
            failures.push(format!("listing stage {stage} gives {total} applications; their details say {counted}"));
        }
    }
}

/// The envelope: nothing charged without its run, no run without its charge.
fn check_envelope(job: &Value, runs_total: u64, failures: &mut Failures) {
    let remaining = job["fitScores"].as_u64().unwrap_or(0);
    let used = job["fitScoresUsed"].as_u64().unwrap_or(0);
    if remaining + used != FIT_SCORE_ENVELOPE {
        failures.push(format!("fitScores {remaining} + fitScoresUsed {used} != the envelope {FIT_SCORE_ENVELOPE}"));
    }
    if used != runs_total {
        failures.push(format!("fitScoresUsed is {used} but the applications' pipelines ran {runs_total} times"));
    }
}

/// One notification per comment, each naming a comment that is there.
fn check_notifications(
    notifications: &[Value],
    comments_total: usize,
    comment_ids: &BTreeSet<String>,
    failures: &mut Failures,
) {
    if notifications.len() != comments_total.min(NOTIFICATIONS_KEPT_MAX) {
        failures.push(format!("{} comment notifications for {comments_total} comments", notifications.len()));
    }
    for notification in notifications {
        let comment_id = notification["commentId"].as_str().unwrap_or_default();
        if notification["type"] != "comment.created" || !comment_ids.contains(comment_id) {
            failures.push(format!("notification names no comment that is there: {notification}"));
        }
    }
}

/// The workload's API key is still listed as active.
fn check_key_active(keys: &[Value], key_id: &str, failures: &mut Failures) {
    if !keys.iter().any(|key| key["id"] == key_id && key["isActive"] == true) {
        failures.push(format!("the API key {key_id} is not listed as active: {keys:?}"));
    }
}

/// Reads everything back after a restart and checks it; fails the test with
/// the server's logs when anything is lost or half-applied.
pub(crate) async fn verify(
    directory: &TestDirectory,
    api: &Api,
    model: &RefCell<Model>,
    initial_job: &Value,
    job_id: &str,
    key_id: &str,
    when: &str,
) -> Verified {
    let stages = model.borrow().stages.clone();
    let found = read_back(api, job_id, &stages)
        .await
        .unwrap_or_else(|error| directory.fail(&format!("{when}: reading the workspace back failed: {error}")));
    let (failures, verified) = check_and_resolve(&mut model.borrow_mut(), &found, initial_job, job_id, key_id);
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(40).collect();
        directory.fail(&format!(
            "{when}: {} check(s) failed after the restart:\n- {}",
            failures.len(),
            shown.iter().map(|failure| failure.as_str()).collect::<Vec<_>>().join("\n- ")
        ));
    }
    verified
}

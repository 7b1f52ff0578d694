//! The `shortlist` process under test, its directory and logs, and the HTTP client that talks to it.

use crate::*;

/// The temporary directory of one run: the data directory and the server's
/// output. Removed at the end; kept (and named) when the test fails.
pub(crate) struct TestDirectory {
    pub(crate) root: tempfile::TempDir,
}

impl TestDirectory {
    pub(crate) fn new() -> Self {
        let root =
            tempfile::Builder::new().prefix("shortlist-crash-").tempdir().expect("the test directory is created");
        TestDirectory { root }
    }

    pub(crate) fn data_dir(&self) -> PathBuf {
        self.root.path().join("data")
    }

    pub(crate) fn stdout_log(&self) -> PathBuf {
        self.root.path().join("server.stdout.log")
    }

    pub(crate) fn stderr_log(&self) -> PathBuf {
        self.root.path().join("server.stderr.log")
    }

    /// The end of the server's output over every start, for failure messages.
    pub(crate) fn logs(&self) -> String {
        let tail = |path: &Path| {
            let text = std::fs::read_to_string(path).unwrap_or_else(|error| format!("<unreadable: {error}>"));
            let lines: Vec<&str> = text.lines().collect();
            lines[lines.len().saturating_sub(150)..].join("\n")
        };
        format!(
            "----- server stderr (last 150 lines, {}) -----\n{}\n----- server stdout (last 150 lines) -----\n{}\n-----",
            self.stderr_log().display(),
            tail(&self.stderr_log()),
            tail(&self.stdout_log())
        )
    }

    /// What the data directory holds, and how often recovery cut a torn
    /// tail off the log: evidence that kills landed in every part of it.
    pub(crate) fn summary(&self) -> String {
        fn walk(path: &Path, counts: &mut BTreeMap<String, usize>) {
            for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, counts);
                } else {
                    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("(none)").to_owned();
                    *counts.entry(extension).or_default() += 1;
                }
            }
        }
        let mut counts = BTreeMap::new();
        walk(&self.data_dir(), &mut counts);
        let stderr = std::fs::read_to_string(self.stderr_log()).unwrap_or_default();
        let torn_tails = stderr.matches("truncated a torn record").count();
        format!("data directory files by extension {counts:?}; torn log tails cut off at recovery: {torn_tails}")
    }

    /// Fails the test with the server's output.
    pub(crate) fn fail(&self, message: &str) -> ! {
        panic!("{message}\n\n{}", self.logs())
    }
}

impl Drop for TestDirectory {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.root.disable_cleanup(true);
            eprintln!("crash test: data directory and server logs kept in {}", self.root.path().display());
        }
    }
}

/// A running `shortlist serve`, killed when dropped (also when a test fails).
pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) base_url: String,
    pub(crate) client: awc::Client,
    /// The server's log (stderr), line by line, as it is written; the lines
    /// are also appended to the directory's stderr log.
    pub(crate) log: tokio::sync::mpsc::UnboundedReceiver<String>,
}

impl Server {
    /// SIGKILL (what `Child::kill` sends on Unix), then reap the process.
    pub(crate) fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The next log line, or `None` when the server has exited or nothing
    /// was logged before `deadline`.
    pub(crate) async fn next_log_line(&mut self, deadline: Instant) -> Option<String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        actix_web::rt::time::timeout(wait, self.log.recv()).await.ok().flatten()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub(crate) fn client() -> awc::Client {
    awc::Client::builder().timeout(REQUEST_TIMEOUT).finish()
}

/// Starts the binary on the data directory, on a port it chooses, and waits
/// until it logs the address it listens on, which it does once recovery
/// has finished; returns the server and how long that took.
pub(crate) async fn start_server(directory: &TestDirectory, start: usize) -> (Server, Duration) {
    let open_log = |path: PathBuf| {
        let mut file = OpenOptions::new().create(true).append(true).open(path).expect("the log file opens");
        writeln!(file, "===== start {start} =====").expect("the log is written");
        file
    };
    let stdout = open_log(directory.stdout_log());
    let mut stderr_log = open_log(directory.stderr_log());
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_shortlist"))
        .arg("serve")
        .arg("--no-demo")
        .args(["--bind", "127.0.0.1:0"])
        .arg("--data-dir")
        .arg(directory.data_dir())
        .args(["--jwt-secret", JWT_SECRET])
        .args(["--rate-limit-per-minute", "10000000"])
        .args(["--apply-rate-per-address-per-minute", "0", "--apply-rate-per-job-per-minute", "0"])
        .args(["--fsync", "always"])
        .args(["--snapshot-every-records", "300"])
        .args(["--wal-segment-bytes", "262144"])
        // Warnings from everything, and the server's own progress: the
        // address it listens on and each pipeline result it records.
        .env("SHORTLIST_LOG", "warn,shortlist=info,shortlist::access=off")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| directory.fail(&format!("start {start}: the binary could not be spawned: {error}")));
    let stderr = child.stderr.take().expect("a piped stderr");
    let (lines, log) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = writeln!(stderr_log, "{line}");
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let mut server = Server { child, base_url: String::new(), client: client(), log };
    let deadline = started + READY_WAIT_MAX;
    loop {
        let Some(line) = server.next_log_line(deadline).await else {
            let status = server.child.try_wait().ok().flatten();
            server.kill();
            directory.fail(&format!(
                "start {start}: no \"listening\" line within {READY_WAIT_MAX:?} (exit status: {status:?})"
            ));
        };
        if let Some((_, address)) = line.split_once("listening base_url=") {
            server.base_url = address.split_whitespace().next().unwrap_or_default().to_owned();
            return (server, started.elapsed());
        }
    }
}

/// What became of one request.
pub(crate) enum Outcome {
    /// The reply was read whole.
    Answered { status: u16, body: Value },
    /// No reply (connection refused or reset by the kill, or timed out):
    /// the write may or may not have been applied.
    Unanswered(String),
}

#[derive(Clone, Copy)]
pub(crate) enum Auth<'a> {
    None,
    Key(&'a str),
    Bearer(&'a str),
}

pub(crate) async fn call(
    client: &awc::Client,
    method: awc::http::Method,
    url: &str,
    auth: Auth<'_>,
    body: Option<&Value>,
) -> Outcome {
    call_keyed(client, method, url, auth, body, None).await.0
}

/// As `call`, with an `Idempotency-Key`; also says whether the answer
/// was a replay of an earlier one (`Idempotent-Replayed: true`).
pub(crate) async fn call_keyed(
    client: &awc::Client,
    method: awc::http::Method,
    url: &str,
    auth: Auth<'_>,
    body: Option<&Value>,
    idempotency_key: Option<&str>,
) -> (Outcome, bool) {
    let mut request = client.request(method, url);
    request = match auth {
        Auth::None => request,
        Auth::Key(key) => request.insert_header(("X-API-Key", key)),
        Auth::Bearer(token) => request.insert_header(("Authorization", format!("Bearer {token}"))),
    };
    if let Some(idempotency_key) = idempotency_key {
        request = request.insert_header(("Idempotency-Key", idempotency_key));
    }
    let exchange = async {
        let mut response = match body {
            Some(body) => request.send_json(body).await,
            None => request.send().await,
        }
        .map_err(|error| error.to_string())?;
        let status = response.status().as_u16();
        let replayed = response.headers().get("Idempotent-Replayed").is_some_and(|value| value == "true");
        let bytes = response.body().limit(64 * 1024 * 1024).await.map_err(|error| error.to_string())?;
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        Ok::<_, String>((status, body, replayed))
    };
    match actix_web::rt::time::timeout(REQUEST_TIMEOUT + Duration::from_secs(1), exchange).await {
        Ok(Ok((status, body, replayed))) => (Outcome::Answered { status, body }, replayed),
        Ok(Err(error)) => (Outcome::Unanswered(error), false),
        Err(_) => (Outcome::Unanswered("timed out".to_owned()), false),
    }
}

/// The test's view of one running server.
pub(crate) struct Api {
    pub(crate) client: awc::Client,
    pub(crate) base_url: String,
    pub(crate) key: String,
    pub(crate) token: String,
}

impl Api {
    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// A read that must answer 200; returns `data`.
    pub(crate) async fn read(&self, path: &str, auth: Auth<'_>) -> Result<Value, String> {
        match call(&self.client, awc::http::Method::GET, &self.url(path), auth, None).await {
            Outcome::Answered { status: 200, mut body } => Ok(body["data"].take()),
            Outcome::Answered { status, body } => Err(format!("GET {path} answered {status}: {body}")),
            Outcome::Unanswered(error) => Err(format!("GET {path} was not answered: {error}")),
        }
    }

    pub(crate) async fn v1(&self, path: &str) -> Result<Value, String> {
        self.read(path, Auth::Key(&self.key)).await
    }

    /// Every item of a paginated list, `limit` 100 and `offset` paging.
    pub(crate) async fn all_pages(&self, path: &str, field: &str, auth: Auth<'_>) -> Result<Vec<Value>, String> {
        let separator = if path.contains('?') { '&' } else { '?' };
        let mut items = Vec::new();
        loop {
            let page = self.read(&format!("{path}{separator}limit={PAGE_LIMIT}&offset={}", items.len()), auth).await?;
            let total = page["pagination"]["total"].as_u64().ok_or(format!("{path}: no pagination.total"))? as usize;
            let found = page[field].as_array().ok_or(format!("{path}: no `{field}` array"))?;
            if found.is_empty() && items.len() < total {
                return Err(format!("{path}: an empty page at offset {} of {total}", items.len()));
            }
            items.extend(found.iter().cloned());
            if items.len() >= total {
                if items.len() != total {
                    return Err(format!("{path}: {} items listed, pagination.total is {total}", items.len()));
                }
                return Ok(items);
            }
        }
    }
}

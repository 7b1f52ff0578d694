//! An example for every response body, made from the document's own
//! schemas: a field's declared example where it has one, else a value of
//! its type (the first value of an enum, a sample timestamp for a
//! date-time). Made when the document is, so an example cannot describe a
//! shape the schemas no longer have.

use serde_json::{json, Map, Value};

/// How deep an example follows nested schemas (the views nest five deep).
const DEPTH_MAX: usize = 16;

/// Adds an `example` to every JSON response that has none.
pub fn add_response_examples(document: &mut Value) {
    let components = document["components"]["schemas"].as_object().cloned().unwrap_or_default();
    let Some(paths) = document.get_mut("paths").and_then(Value::as_object_mut) else { return };
    for operation in paths.values_mut().filter_map(Value::as_object_mut).flat_map(|item| item.values_mut()) {
        let Some(responses) = operation.get_mut("responses").and_then(Value::as_object_mut) else { continue };
        for response in responses.values_mut() {
            let Some(media) = response.pointer_mut("/content/application~1json").and_then(Value::as_object_mut) else {
                continue;
            };
            let Some(schema) = media.get("schema") else { continue };
            if media.contains_key("example") || media.contains_key("examples") {
                continue;
            }
            let example = example_of(schema, &components, 0);
            media.insert("example".to_owned(), example);
        }
    }
}

fn example_of(schema: &Value, components: &Map<String, Value>, depth: usize) -> Value {
    if depth > DEPTH_MAX {
        return Value::Null;
    }
    if let Some(example) = schema.get("example") {
        return example.clone();
    }
    if let Some(first) = schema.get("examples").and_then(Value::as_array).and_then(|examples| examples.first()) {
        return first.clone();
    }
    if let Some(name) = schema.get("$ref").and_then(Value::as_str).and_then(|path| path.rsplit('/').next()) {
        return components.get(name).map_or(Value::Null, |target| example_of(target, components, depth + 1));
    }
    if let Some(first) = schema.get("enum").and_then(Value::as_array).and_then(|values| values.first()) {
        return first.clone();
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let mut merged = Map::new();
        for part in parts {
            if let Value::Object(fields) = example_of(part, components, depth + 1) {
                merged.extend(fields);
            }
        }
        return Value::Object(merged);
    }
    for alternatives in ["oneOf", "anyOf"] {
        if let Some(parts) = schema.get(alternatives).and_then(Value::as_array) {
            let chosen = parts.iter().find(|part| part.get("type") != Some(&json!("null"))).or(parts.first());
            return chosen.map_or(Value::Null, |part| example_of(part, components, depth + 1));
        }
    }
    let kind = match schema.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        Some(Value::Array(kinds)) => {
            kinds.iter().filter_map(Value::as_str).find(|kind| *kind != "null").unwrap_or("null")
        }
        _ if schema.get("properties").is_some() => "object",
        _ => "null",
    };
    match kind {
        "object" => object_example(schema, components, depth),
        "array" => json!([example_of(schema.get("items").unwrap_or(&Value::Null), components, depth + 1)]),
        "string" => string_example(schema),
        "integer" => json!(schema.get("minimum").and_then(Value::as_i64).unwrap_or(0).max(1)),
        "number" => json!(schema.get("minimum").and_then(Value::as_f64).unwrap_or(0.0).max(1.0)),
        "boolean" => json!(true),
        _ => Value::Null,
    }
}

fn object_example(schema: &Value, components: &Map<String, Value>, depth: usize) -> Value {
    let mut example = Map::new();
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            example.insert(name.clone(), example_of(property, components, depth + 1));
        }
    } else if let Some(values) = schema.get("additionalProperties").filter(|values| values.is_object()) {
        example.insert("key".to_owned(), example_of(values, components, depth + 1));
    }
    Value::Object(example)
}

fn string_example(schema: &Value) -> Value {
    match schema.get("format").and_then(Value::as_str) {
        Some("date-time") => json!("2026-11-21T09:30:00.000Z"),
        Some("email") => json!("ana@example.com"),
        Some("uri") => json!("https://example.com"),
        _ => json!("text"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_example_follows_references_enums_nullable_types_and_declared_examples() {
        let components = json!({
            "Status": { "type": "string", "enum": ["active", "draft"] },
            "Job": {
                "type": "object",
                "properties": {
                    "id": { "type": "string", "example": "job_1" },
                    "status": { "$ref": "#/components/schemas/Status" },
                    "score": { "type": ["integer", "null"], "minimum": 0 },
                    "createdAt": { "type": "string", "format": "date-time" },
                    "tags": { "type": "array", "items": { "type": "string" } }
                }
            }
        });
        let schema = json!({ "$ref": "#/components/schemas/Job" });
        let example = example_of(&schema, components.as_object().unwrap(), 0);
        assert_eq!(
            example,
            json!({ "id": "job_1", "status": "active", "score": 1, "createdAt": "2026-11-21T09:30:00.000Z", "tags": ["text"] })
        );
    }

    #[test]
    fn every_json_response_of_the_document_has_an_example() {
        let document: Value = serde_json::from_str(super::super::document_json()).unwrap();
        for (path, item) in document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                for (status, response) in operation["responses"].as_object().unwrap() {
                    if let Some(media) =
                        response.pointer("/content/application~1json").filter(|media| media.get("schema").is_some())
                    {
                        assert!(!media["example"].is_null(), "{method} {path} {status} has no example");
                    }
                }
            }
        }
    }
}
